package io.kitesql.data.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.Transaction;
import io.kitesql.value.Text;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.async.StandardServletAsyncWebRequest;
import org.springframework.web.context.request.async.WebAsyncManager;
import org.springframework.web.context.request.async.WebAsyncUtils;

/**
 * The interceptor through a request's lifecycle, with spring-test's servlet request and response.
 */
class OpenReadTransactionInViewInterceptorTest extends TransactionTestBase {
  OpenReadTransactionInViewInterceptor interceptor;
  MockHttpServletRequest request;
  MockHttpServletResponse response;
  ServletWebRequest webRequest;

  @BeforeEach
  void oneNoteAndARequest() {
    tx.write(
        () -> {
          insert(1);
          return null;
        });
    interceptor = new OpenReadTransactionInViewInterceptor(db);
    request = new MockHttpServletRequest("GET", "/notes/1");
    response = new MockHttpServletResponse();
    webRequest = new ServletWebRequest(request, response);
  }

  private Text firstBody() {
    try (var rows =
        KiteSqlTransactions.current(db).orElseThrow().query("select body from notes order by id")) {
      rows.next();
      return rows.getText(0);
    }
  }

  @Test
  void borrowedValuesOutliveTheReadOnlyMethodUntilTheRequestCompletes() {
    interceptor.preHandle(webRequest);
    Text body = tx.read(this::firstBody);
    interceptor.postHandle(webRequest, null);
    assertThat(body.isBorrowed()).isTrue();
    assertThat(body.toString()).isEqualTo("note 1"); // the view is written here
    interceptor.afterCompletion(webRequest, null);
    assertThatThrownBy(body::toString).isInstanceOf(IllegalStateException.class);
    assertThat(current()).isNull();
  }

  @Test
  void readOnlyMethodsJoinTheRequestTransactionAndCodeOutsideTransactionalSeesIt() {
    interceptor.preHandle(webRequest);
    var requestTx = current();
    assertThat(requestTx).isInstanceOf(ReadOnlyTransaction.class);
    assertThat(tx.read(this::current)).isSameAs(requestTx);
    assertThat(tx.supportsRead(this::current)).isSameAs(requestTx);
    assertThat(tx.read(() -> tx.read(this::current))).isSameAs(requestTx);
    assertThat(requestTx.isOpen()).isTrue(); // methods that joined it did not end it
    assertThatThrownBy(
            () -> tx.mandatoryRead(() -> null)) // a snapshot in view is not a Spring transaction
        .isInstanceOf(IllegalTransactionStateException.class);
    interceptor.afterCompletion(webRequest, null);
    assertThat(requestTx.isOpen()).isFalse();
  }

  @Test
  void aWriteMethodInTheRequestRunsItsOwnTransactionAndTheRequestReadsItBack() {
    interceptor.preHandle(webRequest);
    var requestTx = current();
    Text before = firstBody(); // read from the request's first snapshot
    Transaction writeTx =
        tx.write(
            () -> {
              insert(2);
              assertThat(tx.read(this::current))
                  .isSameAs(current()); // read-only methods join the write
              return current();
            });
    assertThat(writeTx).isInstanceOf(ReadWriteTransaction.class).isNotSameAs(requestTx);
    assertThat(committed()).isEqualTo(2);
    assertThat(countInCurrent()).isEqualTo(2); // the request reads its own write
    var renewed = current();
    assertThat(renewed).isInstanceOf(ReadOnlyTransaction.class).isNotSameAs(requestTx);
    assertThat(tx.read(this::countInCurrent))
        .isEqualTo(2); // read-only methods join the renewed snapshot
    assertThat(tx.read(this::current)).isSameAs(renewed);
    assertThat(before.toString())
        .isEqualTo("note 1"); // the first snapshot lives until the request ends
    interceptor.afterCompletion(webRequest, null);
    assertThat(requestTx.isOpen()).isFalse();
    assertThat(renewed.isOpen()).isFalse();
    assertThat(current()).isNull();
  }

  @Test
  void aTemplateStyleWriteOutsideTransactionalIsReadBackToo() {
    interceptor.preHandle(webRequest);
    var requestTx = current();
    db.write(
        write ->
            KiteSqlTransactions.runBound(
                db, write, () -> write.execute("insert into notes values (2, 'note 2')")));
    assertThat(countInCurrent()).isEqualTo(2);
    assertThat(requestTx.isOpen()).isTrue();
    interceptor.afterCompletion(webRequest, null);
    assertThat(requestTx.isOpen()).isFalse();
  }

  @Test
  void withoutAWriteTheRequestKeepsOneSnapshot() {
    interceptor.preHandle(webRequest);
    var requestTx = current();
    tx.read(this::countInCurrent);
    db.write(write -> write.execute("insert into notes values (2, 'note 2')")); // another writer
    assertThat(countInCurrent()).isEqualTo(1); // a snapshot: not another request's commit
    assertThat(current()).isSameAs(requestTx);
    interceptor.afterCompletion(webRequest, null);
  }

  @Test
  void aWriteMethodCalledFromAReadOnlyMethodFailsUpFrontAsWithoutTheInterceptor() {
    interceptor.preHandle(webRequest);
    tx.read(
        () -> {
          assertThatThrownBy(() -> tx.write(() -> null))
              .isInstanceOf(IllegalTransactionStateException.class);
          return null;
        });
    interceptor.afterCompletion(webRequest, null);
  }

  @Test
  void nestedDispatchesJoinAndOnlyTheOutermostEndsTheTransaction() {
    interceptor.preHandle(webRequest);
    var requestTx = current();
    interceptor.preHandle(webRequest); // e.g. an include or an error dispatch
    assertThat(current()).isSameAs(requestTx);
    interceptor.afterCompletion(webRequest, null);
    assertThat(current()).isSameAs(requestTx);
    assertThat(requestTx.isOpen()).isTrue();
    interceptor.afterCompletion(webRequest, new IllegalStateException("the handler failed"));
    assertThat(requestTx.isOpen()).isFalse();
    assertThat(current()).isNull();
  }

  @Test
  void aClosedDatabaseFailsTheRequestWithDataAccessResourceFailure() {
    db.close();
    assertThatThrownBy(() -> interceptor.preHandle(webRequest))
        .isInstanceOf(DataAccessResourceFailureException.class)
        .hasCauseInstanceOf(IllegalStateException.class);
    assertThat(current()).isNull();
  }

  @Test
  void anAsyncCallableReadsTheRequestSnapshotAndTheAsyncDispatchEndsIt() throws Exception {
    var asyncManager = startAsync();
    interceptor.preHandle(webRequest);
    var requestTx = current();
    asyncManager.startCallableProcessing(
        (Callable<Object>)
            () -> {
              assertThat(tx.read(this::firstBody).toString()).isEqualTo("note 1");
              return current();
            });
    interceptor.afterConcurrentHandlingStarted(webRequest);
    assertThat(current()).isNull(); // the request thread goes back to the container
    awaitConcurrentResult(asyncManager);
    assertThat(asyncManager.getConcurrentResult()).isSameAs(requestTx);
    assertThat(requestTx.isOpen()).isTrue();

    interceptor.preHandle(webRequest); // the async dispatch
    assertThat(current()).isSameAs(requestTx);
    interceptor.afterCompletion(webRequest, null);
    assertThat(current()).isNull();
    assertThat(requestTx.isOpen()).isFalse();
    request.getAsyncContext().complete(); // ending it again is harmless
  }

  @Test
  void anAsyncRequestThatCompletesWithoutADispatchStillEndsTheTransaction() throws Exception {
    var asyncManager = startAsync();
    interceptor.preHandle(webRequest);
    var requestTx = current();
    asyncManager.startCallableProcessing((Callable<Object>) () -> "done");
    interceptor.afterConcurrentHandlingStarted(webRequest);
    awaitConcurrentResult(asyncManager);
    assertThat(requestTx.isOpen()).isTrue();
    request.getAsyncContext().complete(); // e.g. after a timeout, with no dispatch back
    assertThat(requestTx.isOpen()).isFalse();
  }

  private WebAsyncManager startAsync() {
    request.setAsyncSupported(true);
    var asyncManager = WebAsyncUtils.getAsyncManager(webRequest);
    asyncManager.setAsyncWebRequest(new StandardServletAsyncWebRequest(request, response));
    asyncManager.setTaskExecutor(new SimpleAsyncTaskExecutor("async-"));
    return asyncManager;
  }

  private static void awaitConcurrentResult(WebAsyncManager asyncManager)
      throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!asyncManager.hasConcurrentResult()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the Callable did not complete within 10 s");
      }
      Thread.sleep(10);
    }
  }
}
