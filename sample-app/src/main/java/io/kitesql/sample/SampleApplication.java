package io.kitesql.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The sample application. The KiteSQL starter opens the database at {@code kitesql.path}, runs
 * {@code schema.sql} on the first start and makes the repositories of this package and below.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SampleApplication {
  /** Starts the application; needs the JVM flags of the root README ({@code kitesql.jvm.flags}). */
  public static void main(String[] args) {
    SpringApplication.run(SampleApplication.class, args);
  }
}
