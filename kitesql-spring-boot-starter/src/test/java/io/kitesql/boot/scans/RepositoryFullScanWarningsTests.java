package io.kitesql.boot.scans;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.boot.autoconfigure.KiteSqlRepositoriesAutoConfiguration;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/**
 * The start-up warning for repository query methods of each kind, and for the CRUD methods every
 * repository has. Each suggested index is created afterwards and the method's plan checked again:
 * the planner, not the warning, says that the index serves the method.
 */
@ExtendWith(OutputCaptureExtension.class)
class RepositoryFullScanWarningsTests {
  private static final Pattern SUGGESTION =
      Pattern.compile(
          "KiteSQL statement ItemRepository\\.(\\w+) reads every row of a table: .*?`(create index [^`]+)` would serve it");

  @TempDir Path dir;

  @Configuration(proxyBeanMethods = false)
  @AutoConfigurationPackage(basePackageClasses = Item.class)
  static class ItemsApplication {}

  /** The SQL of the statements repositories run, as the database's listener hears them. */
  static final List<String> RECORDED = new CopyOnWriteArrayList<>();

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class,
                KiteSqlRepositoriesAutoConfiguration.class,
                TransactionManagerCustomizationAutoConfiguration.class,
                TransactionAutoConfiguration.class))
        .withUserConfiguration(ItemsApplication.class)
        .withPropertyValues(
            "kitesql.path=" + dir.resolve("db"),
            "kitesql.schema.locations=classpath:kitesql/items.sql");
  }

  @Test
  void queryMethodsWarnOnlyWhereNoIndexServesAPredicateAndNameTheIndex(CapturedOutput output) {
    runner()
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              var warned =
                  output
                      .getOut()
                      .lines()
                      .filter(line -> line.contains("KiteSQL statement ItemRepository."))
                      .toList();
              assertThat(warned)
                  .extracting(
                      line ->
                          line.replaceAll(".*KiteSQL statement ItemRepository\\.(\\w+) .*", "$1"))
                  // both findByName overloads share one statement name, so one line
                  .containsExactlyInAnyOrder(
                      "findByName",
                      "findByPriceGreaterThanAndName",
                      "countByPriceBetween",
                      "findByNameIgnoreCase");
              var database = context.getBean(Database.class);
              var suggested = new LinkedHashMap<String, String>();
              for (var line : warned) {
                var m = SUGGESTION.matcher(line);
                if (m.find()) {
                  suggested.put(m.group(1), m.group(2));
                }
              }
              assertThat(suggested)
                  .containsEntry("findByName", "create index items_name on items (name)")
                  .containsEntry(
                      "findByPriceGreaterThanAndName",
                      "create index items_name_price on items (name, price)")
                  .containsEntry("countByPriceBetween", "create index items_price on items (price)")
                  .doesNotContainKey(
                      "findByNameIgnoreCase"); // lower(name): no index serves it as written
              assertThat(warned)
                  .filteredOn(line -> line.contains("findByNameIgnoreCase"))
                  .singleElement()
                  .asString()
                  .contains("no index can serve this predicate as written");

              // each suggested index makes the warned SQL a key or index read
              var sqlOf =
                  warned.stream()
                      .collect(
                          Collectors.toMap(
                              line ->
                                  line.replaceAll(
                                      ".*KiteSQL statement ItemRepository\\.(\\w+) .*", "$1"),
                              line -> line.replaceAll(".* SQL: (.*) Plan: .*", "$1"),
                              (a, b) -> a));
              for (var entry : suggested.entrySet()) {
                database.execute(entry.getValue());
                assertThat(database.prepare(sqlOf.get(entry.getKey())).fullScans())
                    .as(entry.getKey())
                    .isEmpty();
              }
            });
  }

  @Test
  void crudMethodsReadEveryRowByDesignAndAreNotWarnedAbout() {
    runner()
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              var items = context.getBean(ItemRepository.class);
              RECORDED.clear();
              context
                  .getBean(Database.class)
                  .setExecutionListener(
                      statement -> {
                        RECORDED.add(statement.sql());
                        return ExecutionListener.Execution.NONE;
                      });
              items.findAll();
              items.count();
              items.findAll(PageRequest.of(1, 10, Sort.by("name")));
              items.findAll(Sort.by("price").descending());
              items.findAllById(List.of(1L, 2L, 3L));
              items.existsById(1L);
              var database = context.getBean(Database.class);
              assertThat(RECORDED).hasSizeGreaterThanOrEqualTo(6);
              assertThat(RECORDED)
                  .allSatisfy(
                      sql -> assertThat(database.prepare(sql).fullScans()).as(sql).isEmpty());
            });
  }
}
