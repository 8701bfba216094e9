/**
 * Entity lifecycle: Spring Data Relational's entity callbacks ({@code BeforeConvertCallback},
 * {@code BeforeSaveCallback}, {@code AfterSaveCallback}, {@code AfterConvertCallback}, {@code
 * BeforeDeleteCallback}, {@code AfterDeleteCallback}) and its lifecycle application events, invoked
 * by KiteSQL repositories as Spring Data JDBC invokes them, so the same callback beans and auditing
 * ({@code RelationalAuditingCallback}) serve both. Depends on spring-data-commons,
 * spring-data-relational and spring-context only.
 */
@NullMarked
package io.kitesql.data.mapping.event;

import org.jspecify.annotations.NullMarked;
