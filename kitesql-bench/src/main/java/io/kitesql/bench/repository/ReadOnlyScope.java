package io.kitesql.bench.repository;

import java.util.concurrent.Callable;

/**
 * Runs a cell's repository calls inside one read-only Spring transaction, opened by the
 * implementation's annotation through the context's transaction proxy, as an application's service
 * method would.
 */
public interface ReadOnlyScope {

  /** Calls {@code work} inside the transaction and returns what it returns. */
  <T> T run(Callable<T> work) throws Exception;

  /**
   * KiteSQL: {@code @ReadOnlyTxn}, a read-only LMDB transaction whose text values borrow the map.
   */
  class KiteSql implements ReadOnlyScope {
    @Override
    @io.kitesql.data.transaction.ReadOnlyTxn
    public <T> T run(Callable<T> work) throws Exception {
      return work.call();
    }
  }

  /**
   * Spring Data JDBC: {@code @Transactional(readOnly = true)} on the {@code
   * DataSourceTransactionManager}: one connection bound for the cell, autocommit off, {@code
   * Connection.setReadOnly(true)} (a hint H2 ignores: it neither takes a snapshot nor changes its
   * READ COMMITTED isolation).
   */
  class Jdbc implements ReadOnlyScope {
    @Override
    @org.springframework.transaction.annotation.Transactional(readOnly = true)
    public <T> T run(Callable<T> work) throws Exception {
      return work.call();
    }
  }
}
