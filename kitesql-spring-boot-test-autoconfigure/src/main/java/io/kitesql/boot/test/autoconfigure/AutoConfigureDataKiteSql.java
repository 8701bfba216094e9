package io.kitesql.boot.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports the auto-configuration of a KiteSQL data test: the database, schema scripts, template,
 * transaction manager, repositories and Boot's transaction auto-configuration (listed in {@code
 * META-INF/spring/io.kitesql.boot.test.autoconfigure.AutoConfigureDataKiteSql.imports}). Most tests
 * use {@link DataKiteSqlTest @DataKiteSqlTest}, which carries it; on its own it adds KiteSQL to
 * another slice.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureDataKiteSql {}
