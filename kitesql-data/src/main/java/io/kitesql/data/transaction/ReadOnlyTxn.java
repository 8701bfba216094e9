package io.kitesql.data.transaction;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.springframework.core.annotation.AliasFor;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Runs the annotated method (or every method of the annotated class) in a KiteSQL read-only
 * transaction of the manager named {@value KiteSqlTransactionManager#BEAN_NAME}:
 * {@code @Transactional(readOnly = true)} with that manager named, so it coexists with a JDBC or
 * JPA transaction manager.
 *
 * <p><b>Borrowed values.</b> Text and binary values read in the transaction ({@code
 * io.kitesql.value.Text}, projections' {@code CharSequence} properties) are views of the LMDB map,
 * not copies. They are valid until the transaction ends, which for the method that began it is when
 * the method returns: reading one afterwards throws {@link IllegalStateException}. Use them inside
 * the method (any thread may read them meanwhile, e.g. a parallel stream), or return copies ({@code
 * toString()}), or keep a transaction open around the caller: an outer {@code @ReadOnlyTxn} or
 * {@code @Transactional} method that this one joins, or {@link
 * OpenReadTransactionInViewInterceptor} for a web request. Inside a read-write transaction the
 * method joins it and reads its uncommitted writes, as owned copies.
 *
 * <p>Writing is not possible here: a read-only transaction has no {@code execute}, and a read-write
 * method called from inside fails when it starts (unless it is REQUIRES_NEW).
 */
@Target({METHOD, TYPE})
@Retention(RUNTIME)
@Documented
@Transactional(readOnly = true, transactionManager = KiteSqlTransactionManager.BEAN_NAME)
public @interface ReadOnlyTxn {
  /** REQUIRED (default) joins a surrounding transaction; REQUIRES_NEW takes a fresh snapshot. */
  @AliasFor(annotation = Transactional.class, attribute = "propagation")
  Propagation propagation() default Propagation.REQUIRED;

  /** Seconds until statements fail with a timeout; see {@link KiteSqlTransactionManager}. */
  @AliasFor(annotation = Transactional.class, attribute = "timeout")
  int timeout() default TransactionDefinition.TIMEOUT_DEFAULT;
}
