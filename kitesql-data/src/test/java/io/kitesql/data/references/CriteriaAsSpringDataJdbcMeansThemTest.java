package io.kitesql.data.references;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.data.relational.core.query.Criteria.where;

import io.kitesql.api.Database;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.criteria.Member;
import io.kitesql.data.criteria.MemberRepository;
import io.kitesql.data.criteria.Place;
import io.kitesql.data.repository.TempDatabaseConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.convert.MappingJdbcConverter;
import org.springframework.data.jdbc.core.convert.QueryMapper;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.data.relational.core.query.CriteriaDefinition;
import org.springframework.data.relational.core.sql.Select;
import org.springframework.data.relational.core.sql.Table;
import org.springframework.data.relational.core.sql.render.SqlRenderer;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * A criteria object means on KiteSQL what it means on Spring Data JDBC: the WHERE clause Spring
 * Data JDBC 4.1's own {@link QueryMapper} renders for it selects, on the same rows, the entities
 * the repository's criteria query returns (precedence of a flat chain, groups, {@code from}, {@code
 * ignoreCase}, embedded paths). In this package because its tests run with spring-data-jdbc on the
 * class path.
 */
@SpringJUnitConfig(CriteriaAsSpringDataJdbcMeansThemTest.Schema.class)
class CriteriaAsSpringDataJdbcMeansThemTest {
  @Configuration
  @EnableKiteSqlRepositories(basePackageClasses = MemberRepository.class)
  static class Schema extends TempDatabaseConfiguration {
    @Override
    protected void createSchema(Database database) {
      database.execute(
          "create table members (id bigint primary key, name varchar, city varchar, karma int, active boolean,"
              + " home_street varchar, home_city varchar)");
    }
  }

  /** The table as Spring Data JDBC maps it (String text, which its converter binds). */
  @org.springframework.data.relational.core.mapping.Table("members")
  record MemberRow(
      @Id Long id,
      String name,
      String city,
      Integer karma,
      Boolean active,
      @Embedded.Nullable(prefix = "home_") PlaceRow home) {}

  record PlaceRow(String street, String city) {}

  @Autowired MemberRepository members;
  @Autowired KiteSqlTemplate template;

  @Test
  void springDataJdbcsRenderingSelectsWhatTheRepositoryFinds() {
    var cities = List.of("Oslo", "oslo", "Lima", "Rome");
    var random = new Random(4);
    var rows = new ArrayList<Member>();
    for (long id = 1; id <= 120; id++) {
      var city = random.nextInt(6) == 0 ? null : cities.get(random.nextInt(cities.size()));
      var karma = random.nextInt(8) == 0 ? null : random.nextInt(10);
      var active = random.nextInt(5) == 0 ? null : random.nextBoolean();
      var home =
          random.nextInt(4) == 0
              ? null
              : new Place("street " + id, random.nextBoolean() ? "Lima" : "Rome");
      rows.add(new Member(id, "member " + id, city, karma, active, home));
    }
    members.deleteAll();
    members.saveAll(rows);

    List<CriteriaDefinition> cases =
        List.of(
            where("city").is("Oslo").and("karma").greaterThan(5).or("active").isTrue(),
            where("active").isTrue().or("city").is("Lima").and("karma").lessThan(4),
            where("city").is("Oslo").and(where("karma").lessThan(2).or("karma").greaterThan(7)),
            Criteria.from(where("karma").is(1).or("karma").is(2), where("city").is("Rome")),
            Criteria.empty()
                .and(where("city").is("Rome"))
                .and(where("karma").is(1).or("karma").is(2)),
            where("city").is("OSLO").ignoreCase(true).and("karma").between(2, 6),
            where("home.city").is("Lima").or("active").isFalse().and("city").isNull(),
            where("name").like("member 1%").and("karma").notBetween(3, 5));
    for (var criteria : cases) {
      var found = members.findAll(criteria).stream().map(Member::id).sorted().toList();
      assertThat(found)
          .as("%s", criteria)
          .isEqualTo(asSpringDataJdbcRendersIt(criteria))
          .isNotEmpty();
    }
  }

  /**
   * The ids the WHERE clause Spring Data JDBC renders for {@code criteria} selects, run here with
   * its named parameters.
   */
  private List<Long> asSpringDataJdbcRendersIt(CriteriaDefinition criteria) {
    var context = new JdbcMappingContext();
    var converter = new MappingJdbcConverter(context, (identifier, path) -> List.of());
    var parameters = new MapSqlParameterSource();
    var table = Table.create("members");
    var condition =
        new QueryMapper(converter)
            .getMappedObject(
                parameters, criteria, table, context.getRequiredPersistentEntity(MemberRow.class));
    var sql =
        SqlRenderer.toString(
            Select.builder()
                .select(table.column("id"))
                .from(table)
                .where(condition)
                .orderBy(table.column("id"))
                .build());
    return template.query(sql, parameters.getValues(), row -> row.getLong(0));
  }
}
