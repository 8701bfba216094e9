package io.kitesql.data.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.data.annotation.QueryAnnotation;

/**
 * The SQL a repository method runs, with positional ({@code ?}, {@code ?1}) or named ({@code
 * :name}, bound to method parameters of that name or {@code @Param}) parameters. Results map by
 * column name to the entity, a DTO or interface projection, or a single value. Spring Data JDBC's
 * own {@code @Query} is honoured the same way, so a repository moves between the two unchanged.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@QueryAnnotation
@Documented
public @interface Query {
  /** The SQL statement. */
  String value();
}
