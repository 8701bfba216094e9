package io.kitesql.data.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.repository.query.KiteSqlRepositoryQuery;
import io.kitesql.data.repository.support.KiteSqlRepositoryFactory;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * The SQL each derived method runs uses the engine's indexes where they serve its predicate
 * (checked with EXPLAIN), and a method that cannot be derived fails when the repository is made.
 */
@SpringJUnitConfig(KiteSqlTestConfiguration.class)
class QueryPlansTest {
  @Autowired KiteSqlTemplate template;
  private final Map<String, String> sqlByMethod = new HashMap<>();

  @BeforeEach
  void collectQueries() {
    var factory =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none());
    factory.addQueryCreationListener(
        (KiteSqlRepositoryQuery query) ->
            sqlByMethod.put(query.getQueryMethod().getName(), query.sql()));
    factory.getRepository(OrderRepository.class);
  }

  private List<String> plan(String method) {
    var sql = sqlByMethod.get(method);
    assertThat(sql).as("SQL of " + method).isNotNull();
    return template.query("explain " + sql, row -> row.getString(0));
  }

  @Test
  void table1QueryUsesTheCompositeIndex() {
    assertThat(sqlByMethod.get("findByCustomerIdAndStatusAndAmountGreaterThan"))
        .isEqualTo(
            "select \"id\", \"customer_id\", \"status\", \"amount\", \"note\" from \"orders\""
                + " where \"customer_id\" = ? and \"status\" = ? and \"amount\" > ?");
    assertThat(String.join("\n", plan("findByCustomerIdAndStatusAndAmountGreaterThan")))
        .contains("using orders_cs");
  }

  @Test
  void keyPredicatesUseThePrimaryKeyAndPrefixesTheIndex() {
    assertThat(String.join("\n", plan("findOneById"))).contains("PrimaryKeyLookup");
    assertThat(String.join("\n", plan("findByIdLessThan"))).contains("PrimaryKeyRangeScan");
    assertThat(String.join("\n", plan("findByCustomerIdOrderByIdDesc")))
        .contains("using orders_cs");
    assertThat(String.join("\n", plan("countByStatus")))
        .contains("TableScan"); // no index starts with status
  }

  @Test
  void projectionsSelectOnlyTheirColumns() {
    assertThat(sqlByMethod.get("findByCustomerIdOrderByIdDesc"))
        .startsWith("select \"id\", \"note\" from");
    // a record DTO: its two components' columns, distinct as the method name says
    assertThat(sqlByMethod.get("findDistinctByCustomerId"))
        .matches("select distinct \"(status|amount)\", \"(status|amount)\" from .*");
  }

  interface BadProperty extends KiteSqlRepository<Order, Long> {
    List<Order> findByColour(String colour);
  }

  interface BadKeyword extends KiteSqlRepository<Order, Long> {
    List<Order> findByStatusRegex(String pattern);
  }

  interface BadIgnoreCase extends KiteSqlRepository<Order, Long> {
    List<Order> findByAmountIgnoreCase(BigDecimal amount);
  }

  @Test
  void underivableMethodsFailWhenTheRepositoryIsMade() {
    var factory =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none());
    assertThatThrownBy(() -> factory.getRepository(BadProperty.class))
        .hasMessageContaining("findByColour")
        .hasMessageContaining("colour");
    assertThatThrownBy(() -> factory.getRepository(BadKeyword.class))
        .hasMessageContaining("findByStatusRegex")
        .hasMessageContaining("REGEX");
    assertThatThrownBy(() -> factory.getRepository(BadIgnoreCase.class))
        .hasMessageContaining("IgnoreCase on amount");
  }
}
