package io.kitesql.data.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Turns on auditing for KiteSQL repositories: on {@code save}, {@code @CreatedDate} and
 * {@code @CreatedBy} properties of new entities and {@code @LastModifiedDate} and
 * {@code @LastModifiedBy} properties of every saved entity are set, the "by" ones from the
 * application's {@link org.springframework.data.domain.AuditorAware} bean. It is Spring Data's
 * auditing handler behind Spring Data Relational's {@code RelationalAuditingCallback}, a {@code
 * BeforeConvertCallback}, as with Spring Data JDBC's {@code @EnableJdbcAuditing}: immutable
 * entities (records) need a {@code with...} method per audited property.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(KiteSqlAuditingRegistrar.class)
public @interface EnableKiteSqlAuditing {
  /**
   * The {@code AuditorAware} bean for {@code @CreatedBy}/{@code @LastModifiedBy}; empty: the only
   * one, if any.
   */
  String auditorAwareRef() default "";

  /** Whether the creation and modification dates are set. */
  boolean setDates() default true;

  /** Whether a new entity's modification properties are set too, to the creation values. */
  boolean modifyOnCreate() default true;

  /** The {@code DateTimeProvider} bean for the dates; empty: the current time. */
  String dateTimeProviderRef() default "";
}
