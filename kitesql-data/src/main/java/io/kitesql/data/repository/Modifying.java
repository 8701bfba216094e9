package io.kitesql.data.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link Query} method whose SQL writes (INSERT, UPDATE, DELETE): it returns the number of
 * rows written ({@code int}, {@code long}, their boxes, or {@code void}) and runs in the current
 * read-write transaction or a write transaction of its own. Spring Data JDBC's {@code @Modifying}
 * is honoured the same way.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Documented
public @interface Modifying {}
