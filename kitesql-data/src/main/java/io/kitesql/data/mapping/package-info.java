/**
 * Mapping between entities and tables: Spring Data Relational's metadata ({@code @Table},
 * {@code @Column}, {@code @Id}, {@code @Version}, {@code @Embedded} and composite ids) through
 * {@link io.kitesql.data.mapping.KiteSqlMappingContext}, rows read into entities ({@link
 * io.kitesql.data.mapping.EntityMapping}), Spring Data JDBC's {@code AggregateReference} properties
 * (spring-data-jdbc is optional: {@link io.kitesql.data.mapping.AggregateReferences}), DTO
 * projections and array-backed interface projections, and value conversions in which a {@code
 * CharSequence} property keeps the engine's borrowed text. Entities read are handed to the {@code
 * AfterConvertCallback}s of {@code mapping.event}. Depends on {@code io.kitesql.data.core}, {@code
 * mapping.event} and kitesql-core's value package.
 */
@NullMarked
package io.kitesql.data.mapping;

import org.jspecify.annotations.NullMarked;
