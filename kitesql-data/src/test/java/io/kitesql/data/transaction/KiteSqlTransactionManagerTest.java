package io.kitesql.data.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.Transaction;
import io.kitesql.options.StorageOptions;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.InvalidIsolationLevelException;
import org.springframework.transaction.NestedTransactionNotSupportedException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/** Begin, commit, rollback, rollback rules, failures, isolation, timeouts and NESTED. */
class KiteSqlTransactionManagerTest extends TransactionTestBase {

  /**
   * Two pooled readers and short waits, so exhausting readers or the writer is quick to provoke.
   */
  @Override
  StorageOptions options() {
    return super.options()
        .withMaxReaders(4)
        .withReadPoolSize(2)
        .withReaderWait(Duration.ofMillis(200))
        .withWriterWait(Duration.ofMillis(300));
  }

  @Test
  void aWriteMethodCommitsItsRowsAndUnbindsItsTransaction() {
    Transaction inside =
        tx.write(
            () -> {
              insert(1);
              insert(2);
              return current();
            });
    assertThat(inside).isInstanceOf(ReadWriteTransaction.class);
    assertThat(inside.isOpen()).isFalse();
    assertThat(current()).isNull();
    assertThat(TransactionSynchronizationManager.getResource(db)).isNull();
    assertThat(committed()).isEqualTo(2);
  }

  @Test
  void aReadOnlyMethodRunsInAReadOnlyTransactionEndedWhenItReturns() {
    Transaction inside = tx.read(this::current);
    assertThat(inside).isInstanceOf(ReadOnlyTransaction.class);
    assertThat(inside.isOpen()).isFalse();
    assertThat(current()).isNull();
  }

  @Test
  void theManagerNamesItsDatabaseAsResourceFactory() {
    assertThat(manager.getResourceFactory()).isSameAs(db);
    assertThat(context.getBean(KiteSqlTransactionManager.BEAN_NAME)).isSameAs(manager);
    assertThat(manager.isValidateExistingTransaction()).isTrue();
  }

  @Test
  void anUncheckedExceptionRollsBackLeavingNoRows() {
    assertThatThrownBy(() -> tx.writeThenThrowUnchecked(1))
        .isInstanceOf(IllegalStateException.class);
    assertThat(committed()).isZero();
    assertThat(current()).isNull();
  }

  @Test
  void aCheckedExceptionCommits() {
    assertThatThrownBy(() -> tx.writeThenThrowChecked(1)).isInstanceOf(IOException.class);
    assertThat(committed()).isEqualTo(1);
  }

  @Test
  void rollbackForMakesACheckedExceptionRollBack() {
    assertThatThrownBy(() -> tx.writeThenThrowCheckedWithRollbackFor(1))
        .isInstanceOf(IOException.class);
    assertThat(committed()).isZero();
  }

  @Test
  void noRollbackForMakesAnUncheckedExceptionCommit() {
    assertThatThrownBy(() -> tx.writeThenThrowUncheckedWithNoRollbackFor(1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(committed()).isEqualTo(1);
  }

  @Test
  void aCommitThatFailsBecomesTransactionSystemExceptionWithTheCause() {
    assertThatThrownBy(
            () ->
                tx.write(
                    () -> {
                      insert(1);
                      ((ReadWriteTransaction) current())
                          .rollback(); // the work ended the transaction itself
                      return null;
                    }))
        .isInstanceOf(TransactionSystemException.class)
        .hasMessageContaining("could not commit")
        .hasCauseInstanceOf(IllegalStateException.class);
    assertThat(committed()).isZero();
  }

  @Test
  void aWriteLockTimeoutBecomesCannotCreateTransactionException() throws Exception {
    var held = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    var holder =
        CompletableFuture.runAsync(
            () -> {
              try (var _ = db.beginWrite()) {
                held.countDown();
                release.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    try {
      assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
      assertThatThrownBy(() -> tx.write(() -> null))
          .isInstanceOf(CannotCreateTransactionException.class)
          .hasRootCauseInstanceOf(KiteSqlException.class)
          .cause()
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.WRITE_LOCK_TIMEOUT));
    } finally {
      release.countDown();
      holder.get(10, TimeUnit.SECONDS);
    }
    assertThat(current()).isNull();
  }

  @Test
  void exhaustedReadersBecomeCannotCreateTransactionException() {
    try (var _ = db.beginRead();
        var _ = db.beginRead()) {
      assertThatThrownBy(() -> tx.read(() -> null))
          .isInstanceOf(CannotCreateTransactionException.class)
          .cause()
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.READERS_EXHAUSTED));
    }
  }

  @Test
  void aClosedDatabaseBecomesCannotCreateTransactionException() {
    db.close();
    assertThatThrownBy(() -> tx.write(() -> null))
        .isInstanceOf(CannotCreateTransactionException.class)
        .hasMessageContaining("closed")
        .hasCauseInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> tx.read(() -> null))
        .isInstanceOf(CannotCreateTransactionException.class);
  }

  @Test
  void defaultAndSerializableAreAccepted() {
    assertThat(tx.serializableWrite(this::current)).isInstanceOf(ReadWriteTransaction.class);
    assertThat(tx.serializableRead(this::current)).isInstanceOf(ReadOnlyTransaction.class);
  }

  @Test
  void aSerializableMethodJoinsADefaultTransactionBecauseDefaultIsSerializable() {
    tx.write(
        () -> {
          var outer = current();
          assertThat(TransactionSynchronizationManager.getCurrentTransactionIsolationLevel())
              .isEqualTo(
                  org.springframework.transaction.TransactionDefinition.ISOLATION_SERIALIZABLE);
          assertThat(tx.serializableRead(this::current)).isSameAs(outer);
          return null;
        });
  }

  @Test
  void weakerIsolationLevelsAreRefusedByName() {
    assertThatThrownBy(() -> tx.readCommittedWrite(() -> null))
        .isInstanceOf(InvalidIsolationLevelException.class)
        .hasMessageContaining("ISOLATION_READ_COMMITTED")
        .hasMessageContaining("SERIALIZABLE");
    assertThatThrownBy(() -> tx.repeatableRead(() -> null))
        .isInstanceOf(InvalidIsolationLevelException.class)
        .hasMessageContaining("ISOLATION_REPEATABLE_READ");
    assertThat(current()).isNull();
  }

  @Test
  void aWeakerLevelCannotJoinAnExistingTransaction() {
    tx.write(
        () -> {
          assertThatThrownBy(() -> tx.readCommittedWrite(() -> null))
              .isInstanceOf(IllegalTransactionStateException.class);
          return null;
        });
  }

  @Test
  void nestedOutsideATransactionBeginsOneLikeRequired() {
    Transaction inside =
        tx.nested(
            () -> {
              insert(1);
              return current();
            });
    assertThat(inside).isInstanceOf(ReadWriteTransaction.class);
    assertThat(committed()).isEqualTo(1);
  }

  @Test
  void nestedInsideATransactionFailsAtOnceSayingWhyAndTheOuterGoesOn() {
    tx.write(
        () -> {
          var outer = current();
          insert(1);
          assertThatThrownBy(
                  () ->
                      tx.nested(
                          () -> {
                            insert(2);
                            return null;
                          }))
              .isInstanceOf(NestedTransactionNotSupportedException.class)
              .hasMessageContaining("no savepoints");
          assertThat(current()).isSameAs(outer);
          return null;
        });
    assertThat(committed()).isEqualTo(1);
  }

  @Test
  void aWriteTransactionPastItsDeadlineIsRolledBackInsteadOfCommitted() {
    assertThatThrownBy(
            () ->
                tx.writeWithOneSecondTimeout(
                    () -> {
                      insert(1);
                      sleep(1_100);
                      return null;
                    }))
        .isInstanceOf(TransactionTimedOutException.class);
    assertThat(committed()).isZero();
    assertThat(current()).isNull();
  }

  @Test
  void checkTimeoutFailsStatementsAfterTheDeadline() {
    assertThatThrownBy(
            () ->
                tx.writeWithOneSecondTimeout(
                    () -> {
                      KiteSqlTransactions.checkTimeout(db); // before the deadline: nothing
                      insert(1);
                      sleep(1_100);
                      KiteSqlTransactions.checkTimeout(db);
                      insert(2);
                      return null;
                    }))
        .isInstanceOf(TransactionTimedOutException.class);
    assertThat(committed()).isZero();
  }

  @Test
  void aTransactionWithinItsDeadlineCommits() {
    tx.writeWithOneSecondTimeout(
        () -> {
          insert(1);
          KiteSqlTransactions.checkTimeout(db);
          return null;
        });
    assertThat(committed()).isEqualTo(1);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
