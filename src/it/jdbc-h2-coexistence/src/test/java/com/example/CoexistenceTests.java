package com.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.accounts.Account;
import com.example.accounts.AccountRepository;
import com.example.accounts.AccountService;
import com.example.notes.Note;
import com.example.notes.NoteRepository;
import com.example.notes.NoteService;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.repository.support.SimpleKiteSqlRepository;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.data.transaction.KiteSqlTransactions;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.dao.DataAccessException;
import org.springframework.data.jdbc.repository.support.SimpleJdbcRepository;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Spring Data JDBC on H2 and KiteSQL in one started application: each repository writes to its own
 * store, an unqualified {@code @Transactional} is JDBC's transaction (it rolls back JDBC writes and
 * binds no KiteSQL transaction), and {@code @ReadOnlyTxn} is KiteSQL's.
 */
@SpringBootTest
class CoexistenceTests {

  @TempDir static Path temp;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("kitesql.path", () -> temp.resolve("db").toString());
  }

  @Autowired AccountRepository accounts;
  @Autowired AccountService accountService;
  @Autowired NoteRepository notes;
  @Autowired NoteService noteService;
  @Autowired JdbcTemplate h2;
  @Autowired DataSource dataSource;
  @Autowired KiteSqlTemplate kitesql;
  @Autowired Database database;
  @Autowired ApplicationContext context;

  @BeforeEach
  void empty() {
    accounts.deleteAll();
    notes.deleteAll();
  }

  @Test
  void eachRepositoryIsOfItsOwnStoreAndWritesThere() {
    assertThat(AopProxyUtils.ultimateTargetClass(accounts)).isEqualTo(SimpleJdbcRepository.class);
    assertThat(AopProxyUtils.ultimateTargetClass(notes)).isEqualTo(SimpleKiteSqlRepository.class);

    accounts.save(new Account(null, "ada", 100));
    notes.save(new Note(null, "kites", "fly in the wind"));

    assertThat(h2.queryForObject("select count(*) from account where owner = 'ada'", Long.class)).isEqualTo(1);
    assertThat(h2.queryForObject(
        "select count(*) from information_schema.tables where lower(table_name) = 'notes'", Long.class)).isZero();
    assertThat(kitesql.queryForValue("select count(*) from notes where title = 'kites'", Long.class)).contains(1L);
    assertThatThrownBy(() -> kitesql.queryForValue("select count(*) from account", Long.class))
        .isInstanceOf(DataAccessException.class)
        .hasRootCauseInstanceOf(KiteSqlException.class);
  }

  @Test
  void theDefaultTransactionManagerIsJdbcsAndKiteSqlsIsThereByName() {
    assertThat(context.getBean(PlatformTransactionManager.class)).isInstanceOf(JdbcTransactionManager.class);
    assertThat(context.getBean("kiteSqlTransactionManager")).isInstanceOf(KiteSqlTransactionManager.class);
  }

  @Test
  void anUnqualifiedTransactionalRollsBackTheJdbcInsert() {
    assertThatThrownBy(() -> accountService.open("eve", 10, true)).isInstanceOf(IllegalStateException.class);
    assertThat(accounts.findByOwner("eve")).isEmpty();
    // and commits it when the method returns
    accountService.open("eve", 10, false);
    assertThat(accounts.findByOwner("eve")).map(Account::balance).contains(10L);
  }

  @Test
  void anUnqualifiedTransactionalHoldsAJdbcConnectionWhoseWritesOthersSeeOnlyAfterCommit() throws Exception {
    var seenInside = accountService.inTransaction(() -> {
      assertThat(TransactionSynchronizationManager.hasResource(dataSource)).as("a JDBC connection is bound").isTrue();
      assertThat(KiteSqlTransactions.current(database)).as("no KiteSQL transaction").isEmpty();
      accounts.save(new Account(null, "zoe", 5));
      // another thread has its own connection: it must not see the uncommitted row
      return CompletableFuture.supplyAsync(() -> countOwners("zoe")).join();
    });
    assertThat(seenInside).isZero();
    assertThat(countOwners("zoe")).isEqualTo(1);
  }

  private long countOwners(String owner) {
    return h2.queryForObject("select count(*) from account where owner = ?", Long.class, owner);
  }

  @Test
  void readOnlyTxnIsAKiteSqlTransactionWhoseTextBorrowsTheMap() {
    notes.saveAll(List.of(new Note(null, "kites", "fly in the wind"), new Note(null, "lines", "hold them")));
    var titles = noteService.read(found -> {
      assertThat(KiteSqlTransactions.current(database)).as("a KiteSQL read-only transaction").isPresent();
      assertThat(TransactionSynchronizationManager.hasResource(dataSource)).as("no JDBC connection").isFalse();
      assertThat(found).allSatisfy(n -> assertThat(n.body()).isInstanceOfSatisfying(Text.class,
          t -> assertThat(t.isBorrowed()).isTrue()));
      return found.stream().map(n -> n.title().toString()).toList();
    });
    assertThat(titles).containsExactly("kites", "lines");
  }

  @Test
  void aKiteSqlWriteTransactionRollsBackItsInsert() {
    assertThatThrownBy(() -> noteService.addThenFail("lost")).isInstanceOf(IllegalStateException.class);
    assertThat(notes.count()).isZero();
  }
}
