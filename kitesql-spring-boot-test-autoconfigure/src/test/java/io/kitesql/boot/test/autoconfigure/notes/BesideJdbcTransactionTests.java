package io.kitesql.boot.test.autoconfigure.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.boot.test.autoconfigure.DataKiteSqlTest;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.data.transaction.KiteSqlTransactions;
import io.kitesql.data.transaction.ReadOnlyTxn;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The slice with JDBC's transaction manager added: the test transaction is JDBC's unless the test
 * names KiteSQL's.
 */
class BesideJdbcTransactionTests {

  @DataKiteSqlTest
  @ImportAutoConfiguration({
    DataSourceAutoConfiguration.class,
    DataSourceTransactionManagerAutoConfiguration.class
  })
  abstract static class WithJdbc {
    @Autowired Database database;
  }

  @Nested
  class Unqualified extends WithJdbc {
    @Test
    void theTestTransactionIsJdbcs() {
      assertThat(TransactionSynchronizationManager.isActualTransactionActive()).isTrue();
      assertThat(KiteSqlTransactions.current(database)).isEmpty();
    }
  }

  @Nested
  @Transactional(transactionManager = KiteSqlTransactionManager.BEAN_NAME)
  class NamingKiteSqls extends WithJdbc {
    @Test
    void theTestTransactionIsKiteSqls() {
      assertThat(KiteSqlTransactions.current(database))
          .containsInstanceOf(ReadWriteTransaction.class);
    }

    @Test
    @ReadOnlyTxn
    void readOnlyTxnGivesAReadOnlyOne() {
      assertThat(KiteSqlTransactions.current(database))
          .containsInstanceOf(ReadOnlyTransaction.class);
    }
  }
}
