package io.kitesql.data.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.Transaction;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.UnexpectedRollbackException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Each propagation outside a transaction, inside a read-write one and inside a read-only one: which
 * KiteSQL transaction the inner method sees (by identity), and whether writes are visible.
 */
class PropagationTest extends TransactionTestBase {

  @Test
  void outside_requiredBeginsAReadWriteOrAReadOnlyTransaction() {
    assertThat(tx.write(this::current)).isInstanceOf(ReadWriteTransaction.class);
    assertThat(tx.read(this::current)).isInstanceOf(ReadOnlyTransaction.class);
  }

  @Test
  void outside_supportsRunsWithoutATransaction() {
    assertThat(tx.supports(this::current)).isNull();
    assertThat(tx.supportsRead(TransactionSynchronizationManager::isActualTransactionActive))
        .isFalse();
  }

  @Test
  void outside_mandatoryFails() {
    assertThatThrownBy(() -> tx.mandatory(() -> null))
        .isInstanceOf(IllegalTransactionStateException.class);
    assertThatThrownBy(() -> tx.mandatoryRead(() -> null))
        .isInstanceOf(IllegalTransactionStateException.class);
  }

  @Test
  void outside_neverAndNotSupportedRunWithoutATransaction() {
    assertThat(tx.never(this::current)).isNull();
    assertThat(tx.notSupported(this::current)).isNull();
  }

  @Test
  void outside_requiresNewBeginsATransaction() {
    Transaction written =
        tx.requiresNewWrite(
            () -> {
              insert(1);
              return current();
            });
    assertThat(written).isInstanceOf(ReadWriteTransaction.class);
    assertThat(committed()).isEqualTo(1);
    assertThat(tx.requiresNewRead(this::current)).isInstanceOf(ReadOnlyTransaction.class);
  }

  @Test
  void inWrite_requiredSupportsAndMandatoryJoinIt() {
    tx.write(
        () -> {
          var outer = current();
          assertThat(tx.write(this::current)).isSameAs(outer);
          assertThat(tx.supports(this::current)).isSameAs(outer);
          assertThat(tx.mandatory(this::current)).isSameAs(outer);
          assertThat(tx.mandatoryRead(this::current)).isSameAs(outer);
          return null;
        });
  }

  @Test
  void inWrite_aReadOnlyMethodJoinsItAndSeesItsUncommittedRows() {
    tx.write(
        () -> {
          var outer = current();
          insert(1);
          assertThat(tx.read(this::current)).isSameAs(outer);
          assertThat(tx.read(this::countInCurrent)).isEqualTo(1);
          assertThat(committed()).isZero(); // not yet visible outside
          return null;
        });
    assertThat(committed()).isEqualTo(1);
  }

  @Test
  void inWrite_writesOfAJoiningMethodRollBackWithTheOuter() {
    assertThatThrownBy(
            () ->
                tx.write(
                    () -> {
                      tx.write(
                          () -> {
                            insert(1);
                            return null;
                          });
                      throw new IllegalStateException(
                          "outer fails after the inner method returned");
                    }))
        .isInstanceOf(IllegalStateException.class);
    assertThat(committed()).isZero();
  }

  @Test
  void inWrite_aJoiningMethodThatFailsMarksTheOuterRollbackOnly() {
    assertThatThrownBy(
            () ->
                tx.write(
                    () -> {
                      insert(1);
                      assertThatThrownBy(() -> tx.writeThenThrowUnchecked(2))
                          .isInstanceOf(IllegalStateException.class);
                      return null; // swallowed: the outer still cannot commit
                    }))
        .isInstanceOf(UnexpectedRollbackException.class);
    assertThat(committed()).isZero();
  }

  @Test
  void inWrite_neverFails() {
    tx.write(
        () -> {
          assertThatThrownBy(() -> tx.never(() -> null))
              .isInstanceOf(IllegalTransactionStateException.class);
          return null;
        });
  }

  @Test
  void inWrite_notSupportedSuspendsItAndResumeBindsItAgain() {
    tx.write(
        () -> {
          var outer = current();
          insert(1);
          assertThat(tx.notSupported(this::current)).isNull();
          assertThat(current()).isSameAs(outer);
          insert(2);
          return null;
        });
    assertThat(committed()).isEqualTo(2);
  }

  @Test
  void inWrite_requiresNewReadOnlyIsAFreshSnapshotWithoutTheOuterUncommittedRows() {
    tx.write(
        () -> {
          var outer = current();
          insert(1);
          Transaction inner =
              tx.requiresNewRead(
                  () -> {
                    assertThat(countInCurrent()).isZero();
                    return current();
                  });
          assertThat(inner).isInstanceOf(ReadOnlyTransaction.class).isNotSameAs(outer);
          assertThat(inner.isOpen()).isFalse();
          assertThat(current()).isSameAs(outer);
          assertThat(countInCurrent()).isEqualTo(1);
          return null;
        });
    assertThat(committed()).isEqualTo(1);
  }

  @Test
  void inWrite_requiresNewReadWriteFailsAtOnceInsteadOfWaitingForItself() throws Exception {
    withinSeconds(
        120,
        () ->
            tx.write(
                () -> {
                  var outer = current();
                  insert(1);
                  assertThatThrownBy(
                          () ->
                              tx.requiresNewWrite(
                                  () -> {
                                    insert(2);
                                    return null;
                                  }))
                      .isInstanceOf(IllegalTransactionStateException.class)
                      .hasMessageContaining("suspended")
                      .hasMessageContaining("one writer");
                  assertThat(current()).isSameAs(outer); // resumed after the failed begin
                  insert(3);
                  return null;
                }));
    assertThat(committed()).isEqualTo(2);
  }

  @Test
  void inWrite_aReadWriteTransactionBegunUnderNotSupportedFailsAtOnce() throws Exception {
    withinSeconds(
        120,
        () ->
            tx.write(
                () -> {
                  insert(1);
                  tx.notSupported(
                      () -> {
                        assertThatThrownBy(() -> tx.write(() -> null))
                            .isInstanceOf(IllegalTransactionStateException.class)
                            .hasMessageContaining(
                                "already holds the database's one write transaction");
                        return null;
                      });
                  return null;
                }));
    assertThat(committed()).isEqualTo(1);
  }

  @Test
  void inRead_readOnlyRequiredSupportsAndMandatoryJoinIt() {
    tx.read(
        () -> {
          var outer = current();
          assertThat(tx.read(this::current)).isSameAs(outer);
          assertThat(tx.supportsRead(this::current)).isSameAs(outer);
          assertThat(tx.mandatoryRead(this::current)).isSameAs(outer);
          return null;
        });
  }

  @Test
  void inRead_aReadWriteMethodFailsUpFront() {
    tx.read(
        () -> {
          assertThatThrownBy(
                  () ->
                      tx.write(
                          () -> {
                            throw new AssertionError("must not run");
                          }))
              .isInstanceOf(IllegalTransactionStateException.class)
              .hasMessageContaining("is not marked as read-only but existing transaction is");
          assertThatThrownBy(() -> tx.mandatory(() -> null))
              .isInstanceOf(IllegalTransactionStateException.class);
          assertThatThrownBy(() -> tx.supports(() -> null))
              .isInstanceOf(IllegalTransactionStateException.class);
          return null;
        });
  }

  @Test
  void inRead_requiresNewReadWriteWorksAndTheOuterSnapshotDoesNotSeeIt() {
    tx.read(
        () -> {
          var outer = current();
          Transaction inner =
              tx.requiresNewWrite(
                  () -> {
                    insert(1);
                    return current();
                  });
          assertThat(inner).isInstanceOf(ReadWriteTransaction.class);
          assertThat(current()).isSameAs(outer);
          assertThat(countInCurrent()).isZero();
          assertThat(committed()).isEqualTo(1);
          return null;
        });
  }

  @Test
  void inRead_requiresNewReadOnlyIsAnotherSnapshotAndNotSupportedHasNone() {
    tx.read(
        () -> {
          var outer = current();
          assertThat(tx.requiresNewRead(this::current)).isNotSameAs(outer).isNotNull();
          assertThat(tx.notSupported(this::current)).isNull();
          assertThat(current()).isSameAs(outer);
          assertThatThrownBy(() -> tx.never(() -> null))
              .isInstanceOf(IllegalTransactionStateException.class);
          return null;
        });
  }

  /**
   * Runs {@code work} on a thread of its own, so that a deadlock fails the test instead of hanging
   * it. Only a hang guard, generous for a loaded machine: what a test asserts about "at once" is
   * the exception and its message (a writer waiting for itself would end in WRITE_LOCK_TIMEOUT
   * instead).
   */
  private static void withinSeconds(int seconds, Callable<?> work) throws Exception {
    try (var executor = Executors.newSingleThreadExecutor()) {
      var future = executor.submit(work);
      try {
        future.get(seconds, TimeUnit.SECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        future.cancel(true);
        throw new AssertionError(
            "did not finish within " + seconds + " s: a writer waiting for itself?", e);
      } catch (java.util.concurrent.ExecutionException e) {
        if (e.getCause() instanceof Error error) {
          throw error;
        }
        throw e;
      }
    }
  }
}
