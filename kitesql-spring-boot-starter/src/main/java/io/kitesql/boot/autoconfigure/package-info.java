/**
 * Auto-configuration of KiteSQL for Spring Boot 4: the {@link io.kitesql.api.Database}, the {@code
 * KiteSqlTemplate}, the {@code KiteSqlTransactionManager}, repositories, schema scripts, the
 * open-read-transaction-in-view interceptor, lifecycle and start-up failure analysis. Entry: {@link
 * io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration}; properties: {@link
 * io.kitesql.boot.autoconfigure.KiteSqlProperties}.
 *
 * <p>May depend on kitesql-core, kitesql-data, Spring Framework and Boot's core, transaction and
 * (optionally, guarded by class conditions) web MVC modules; never on Micrometer, health or
 * actuator, which {@code io.kitesql.boot.metrics}, {@code .health} and {@code .actuate} add.
 */
@NullMarked
package io.kitesql.boot.autoconfigure;

import org.jspecify.annotations.NullMarked;
