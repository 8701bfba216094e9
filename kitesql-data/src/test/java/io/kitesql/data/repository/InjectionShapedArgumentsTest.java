package io.kitesql.data.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Strings shaped like SQL injection, wildcards and parameter markers, through derived queries,
 * {@code @Query} named and positional parameters and the LIKE-family keywords: each comes back
 * unchanged and matches only itself.
 */
@SpringJUnitConfig(KiteSqlTestConfiguration.class)
class InjectionShapedArgumentsTest {
  static final List<String> HOSTILE =
      List.of(
          "' or '1'='1",
          "'; drop table products; --",
          "x' --",
          "\" or \"\"=\"",
          "%",
          "_",
          "%%",
          "a%b",
          "a_b",
          "\\",
          "\\%",
          "50% off",
          ":name",
          "?",
          "?1",
          "$1",
          "/* comment */",
          "line\nbreak",
          "tab\there",
          "nul\0byte",
          "ünïcödé ✈ 漢字",
          "'" + "x".repeat(10_000) + "'",
          "robert'); delete from products where ('1'='1");

  @Autowired ProductRepository products;
  private final List<Product> saved = new ArrayList<>();

  @BeforeEach
  void load() {
    products.deleteAll();
    saved.clear();
    long id = 1;
    for (var name : HOSTILE) {
      saved.add(products.save(new Product(id++, name, 1)));
    }
    saved.add(products.save(new Product(id, "plain", 1)));
  }

  @Test
  void everyHostileStringMatchesOnlyItself() {
    for (var name : HOSTILE) {
      assertThat(products.findByName(name)).extracting(Product::getName).containsExactly(name);
      assertThat(products.withName(name)).extracting(Product::getName).containsExactly(name);
      assertThat(products.withNamePositional(name))
          .extracting(Product::getName)
          .containsExactly(name);
      var prefixed =
          saved.stream().map(Product::getName).filter(n -> n.startsWith(name)).sorted().toList();
      assertThat(products.findByNameStartingWith(name))
          .extracting(Product::getName)
          .containsExactlyInAnyOrderElementsOf(prefixed);
      var containing =
          saved.stream()
              .map(Product::getName)
              .filter(n -> n.toLowerCase().contains(name.toLowerCase()))
              .toList();
      assertThat(products.findByNameContainingIgnoreCase(name))
          .extracting(Product::getName)
          .containsExactlyInAnyOrderElementsOf(containing);
    }
    assertThat(products.count()).isEqualTo(HOSTILE.size() + 1);
  }
}
