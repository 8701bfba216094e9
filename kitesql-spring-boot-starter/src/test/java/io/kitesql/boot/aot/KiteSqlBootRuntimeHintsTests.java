package io.kitesql.boot.aot;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.boot.autoconfigure.KiteSqlProperties;
import io.kitesql.jdbc.KiteSqlDriver;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;

class KiteSqlBootRuntimeHintsTests {
  private final RuntimeHints hints = new RuntimeHints();

  @Test
  void registeredThroughAotFactories() {
    assertThat(AotServices.factories().load(RuntimeHintsRegistrar.class))
        .hasAtLeastOneElementOfType(KiteSqlBootRuntimeHints.class);
  }

  @Test
  void theDefaultSchemaLocationIsAResource() {
    new KiteSqlBootRuntimeHints().registerHints(hints, getClass().getClassLoader());
    var locations = new KiteSqlProperties().getSchema().getLocations();
    assertThat(locations).isNotEmpty();
    for (var location : locations) {
      var path = location.replaceFirst("^optional:", "").replaceFirst("^classpath:", "");
      assertThat(RuntimeHintsPredicates.resource().forResource(path)).accepts(hints);
    }
  }

  @Test
  void theDriversVersionFileIsAResource() {
    new KiteSqlBootRuntimeHints().registerHints(hints, getClass().getClassLoader());
    // the file the driver's metadata reads, next to its classes
    var path = KiteSqlDriver.class.getPackageName().replace('.', '/') + "/version.properties";
    assertThat(getClass().getClassLoader().getResource(path)).isNotNull();
    assertThat(RuntimeHintsPredicates.resource().forResource(path)).accepts(hints);
  }
}
