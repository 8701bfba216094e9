package io.kitesql.data.criteria;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.data.relational.core.query.Criteria.where;

import io.kitesql.data.Executions;
import io.kitesql.data.LabelListener;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.data.relational.core.query.CriteriaDefinition;
import org.springframework.data.relational.core.query.Query;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Criteria queries against a real database; every expected result is computed by filtering the
 * inserted objects in Java with the criteria's meaning (SQL's: a comparison with NULL is not true).
 */
@SpringJUnitConfig(CriteriaTestConfiguration.class)
class CriteriaQueriesTest {
  private static final List<String> NAMES =
      List.of("Ada", "ada lovelace", "Alan", "ALAN T", "Grace", "50% off", "a_b", "x' or '1'='1");
  private static final List<String> CITIES = List.of("Oslo", "oslo", "OSLO", "Lima", "Rome");

  @Autowired MemberRepository members;
  @Autowired KiteSqlTransactionManager transactionManager;
  @Autowired KiteSqlTemplate template;
  private List<Member> data;

  @BeforeEach
  void load() {
    members.deleteAll();
    var random = new Random(8);
    data = new ArrayList<>();
    for (long id = 1; id <= 150; id++) {
      var city = random.nextInt(6) == 0 ? null : CITIES.get(random.nextInt(CITIES.size()));
      var karma = random.nextInt(8) == 0 ? null : random.nextInt(10);
      var active = random.nextInt(5) == 0 ? null : random.nextBoolean();
      var home =
          random.nextInt(4) == 0
              ? null
              : new Place(
                  "street " + id, random.nextInt(5) == 0 ? null : CITIES.get(random.nextInt(3, 5)));
      data.add(new Member(id, NAMES.get(random.nextInt(NAMES.size())), city, karma, active, home));
    }
    members.saveAll(data);
  }

  @Test
  void eachComparatorMatchesWhatItMeans() {
    check(where("city").is("Oslo"), m -> "Oslo".equals(text(m.city())));
    check(where("karma").not(3), m -> m.karma() != null && m.karma() != 3);
    check(where("karma").lessThan(3), m -> m.karma() != null && m.karma() < 3);
    check(where("karma").lessThanOrEquals(3), m -> m.karma() != null && m.karma() <= 3);
    check(where("karma").greaterThan(6), m -> m.karma() != null && m.karma() > 6);
    check(where("karma").greaterThanOrEquals(6), m -> m.karma() != null && m.karma() >= 6);
    check(where("karma").between(2, 4), m -> m.karma() != null && m.karma() >= 2 && m.karma() <= 4);
    check(
        where("karma").notBetween(2, 4),
        m -> m.karma() != null && (m.karma() < 2 || m.karma() > 4));
    check(where("city").isNull(), m -> m.city() == null);
    check(where("city").isNotNull(), m -> m.city() != null);
    check(where("active").isTrue(), m -> Boolean.TRUE.equals(m.active()));
    check(where("active").isFalse(), m -> Boolean.FALSE.equals(m.active()));
    check(where("name").like("A%"), m -> text(m.name()).startsWith("A"));
    check(where("name").notLike("%a%"), m -> !text(m.name()).contains("a"));
    check(where("city").in(List.of("Lima", "Rome")), m -> isIn(m.city(), "Lima", "Rome"));
    check(
        where("karma").in(1, 2, 9), m -> m.karma() != null && Set.of(1, 2, 9).contains(m.karma()));
    check(
        where("city").notIn("Lima", "Oslo"),
        m -> m.city() != null && !isIn(m.city(), "Lima", "Oslo"));
    check(where("city").in(List.of()), m -> false);
    check(where("city").notIn(List.of()), m -> true);
    check(Criteria.empty(), m -> true);
  }

  @Test
  void chainsFollowSqlPrecedenceAndGroupsNest() {
    // a chain is flat: and binds before or, as in the SQL Spring Data Relational renders
    check(
        where("city").is("Oslo").and("karma").greaterThan(5).or("active").isTrue(),
        m ->
            "Oslo".equals(text(m.city())) && m.karma() != null && m.karma() > 5
                || Boolean.TRUE.equals(m.active()));
    check(
        where("active").isTrue().or("city").is("Lima").and("karma").lessThan(4),
        m ->
            Boolean.TRUE.equals(m.active())
                || "Lima".equals(text(m.city())) && m.karma() != null && m.karma() < 4);
    check(
        where("city").is("Oslo").and(where("karma").lessThan(2).or("karma").greaterThan(7)),
        m ->
            "Oslo".equals(text(m.city())) && m.karma() != null && (m.karma() < 2 || m.karma() > 7));
    check(
        where("active").isFalse().or(where("city").in("Oslo", "Lima").and("home.city").isNotNull()),
        m ->
            Boolean.FALSE.equals(m.active())
                || isIn(m.city(), "Oslo", "Lima") && homeCity(m) != null);
    // from(...) joins its members as one flat chain too (Spring Data Relational's own toString
    // reads
    // "(karma = 1 OR karma = 2 AND city = 'Rome')"); only a member that is a group keeps its or
    // together
    check(
        Criteria.from(where("karma").is(1).or("karma").is(2), where("city").is("Rome")),
        m ->
            m.karma() != null
                && (m.karma() == 1 || m.karma() == 2 && "Rome".equals(text(m.city()))));
    check(
        Criteria.empty().and(where("city").is("Rome")).and(where("karma").is(1).or("karma").is(2)),
        m ->
            m.karma() != null
                && (m.karma() == 1 || m.karma() == 2)
                && "Rome".equals(text(m.city())));
  }

  @Test
  void ignoreCaseComparesTextCaseInsensitively() {
    check(where("city").is("oSLo").ignoreCase(true), m -> "oslo".equalsIgnoreCase(text(m.city())));
    check(
        where("city").in("oslo", "LIMA").ignoreCase(true),
        m -> m.city() != null && isIn(text(m.city()).toUpperCase(Locale.ROOT), "OSLO", "LIMA"));
    check(
        where("name").like("al%").ignoreCase(true),
        m -> text(m.name()).toLowerCase(Locale.ROOT).startsWith("al"));
  }

  @Test
  void embeddedPropertiesColumnNamesAndTypedPaths() {
    check(where("home.city").is("Lima"), m -> "Lima".equals(homeCity(m)));
    check(where("home_city").is("Lima"), m -> "Lima".equals(homeCity(m)));
    check(where("home.city").isNull(), m -> homeCity(m) == null);
    check(
        Criteria.where(Member::city).is("Rome").and(Member::karma).greaterThan(4),
        m -> "Rome".equals(text(m.city())) && m.karma() != null && m.karma() > 4);
  }

  @Test
  void valuesAreParametersNeverText() {
    var sql = new CopyOnWriteArrayList<String>();
    var names = new CopyOnWriteArrayList<String>();
    LabelListener.listen(
        template.getDatabase(),
        (label, statement) -> {
          sql.add(statement.sql());
          names.add(String.valueOf(label));
          return outcome -> {};
        });
    try {
      check(where("name").is("x' or '1'='1"), m -> text(m.name()).equals("x' or '1'='1"));
      members.count(where("name").like("50% off"));
      members.exists(where("city").is("Rome"));
      members.findOne(where("id").is(1L));
      members.findAll(Query.query(where("city").is("Rome")));
    } finally {
      Executions.stop(template.getDatabase());
    }
    assertThat(sql).noneMatch(s -> s.contains("1'='1") || s.contains("50%") || s.contains("Rome"));
    assertThat(names)
        .containsExactly(
            "MemberRepository.findAll",
            "MemberRepository.count",
            "MemberRepository.count",
            "MemberRepository.exists",
            "MemberRepository.findOne",
            "MemberRepository.findAll");
  }

  @Test
  void pagesSortsLimitsAndOffsets() {
    var criteria = where("karma").isNotNull().and("city").isNotNull();
    Predicate<Member> matches = m -> m.karma() != null && m.city() != null;
    var byId = expected(matches);
    var page = members.findAll(criteria, PageRequest.of(2, 7, Sort.by("id")));
    assertThat(page.getTotalElements()).isEqualTo(byId.size());
    assertThat(ids(page.getContent())).isEqualTo(byId.subList(14, 21));

    var byKarmaDesc =
        data.stream()
            .filter(matches)
            .sorted(Comparator.comparing(Member::karma).reversed().thenComparing(Member::id))
            .map(Member::id)
            .toList();
    var sort = Sort.by(Sort.Order.desc("karma"), Sort.Order.asc("id"));
    assertThat(ids(members.findAll(criteria, sort))).isEqualTo(byKarmaDesc);
    assertThat(ids(members.findAll(Query.query(criteria).sort(sort).limit(5).offset(3))))
        .isEqualTo(byKarmaDesc.subList(3, 8));
    assertThat(ids(members.findAll(Query.query(criteria).sort(sort).offset(10))))
        .isEqualTo(byKarmaDesc.subList(10, byKarmaDesc.size()));
    assertThat(ids(members.findAll(Query.query(criteria).sort(sort).with(PageRequest.of(1, 4)))))
        .isEqualTo(byKarmaDesc.subList(4, 8));
    assertThat(ids(members.findAll(Query.empty().sort(Sort.by("id")).limit(3))))
        .containsExactly(1L, 2L, 3L);
  }

  @Test
  void findOneCountAndExists() {
    assertThat(members.findOne(where("id").is(42L))).map(Member::id).contains(42L);
    assertThat(members.findOne(where("id").is(-1L))).isEmpty();
    assertThatThrownBy(() -> members.findOne(where("city").is("Rome")))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class);
    var criteria = where("active").isTrue().and("karma").greaterThanOrEquals(5);
    assertThat(members.count(criteria))
        .isEqualTo(
            expected(m -> Boolean.TRUE.equals(m.active()) && m.karma() != null && m.karma() >= 5)
                .size());
    assertThat(members.exists(criteria)).isTrue();
    assertThat(members.exists(where("karma").greaterThan(100))).isFalse();
  }

  @Test
  void refusalsNameWhatTheyRefuse() {
    assertThatThrownBy(() -> members.findAll(where("nickname").is("Ada")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("nickname")
        .hasMessageContaining("home.city");
    assertThatThrownBy(() -> members.count(where("home").isNull()))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("home is an embedded value");
    assertThatThrownBy(() -> members.findAll(where("karma").is(3).ignoreCase(true)))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("ignoreCase on karma");
    assertThatThrownBy(() -> members.findAll(Query.query(where("karma").is(3)).columns("name")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("Query.columns");
  }

  @Test
  void textIsBorrowedInAReadOnlyTransaction() {
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(
        status -> {
          var found =
              members.findAll(where("city").is("Lima").and("home.city").isNotNull(), Sort.by("id"));
          assertThat(ids(found))
              .isEqualTo(expected(m -> "Lima".equals(text(m.city())) && homeCity(m) != null));
          assertThat(found)
              .isNotEmpty()
              .allMatch(
                  m -> ((Text) m.name()).isBorrowed() && ((Text) m.home().city()).isBorrowed());
          // a borrowed value may itself be a criterion's value
          var same = members.findAll(where("name").is(found.getFirst().name()));
          assertThat(ids(same))
              .isEqualTo(expected(m -> text(m.name()).equals(text(found.getFirst().name()))));
        });
  }

  private void check(CriteriaDefinition criteria, Predicate<Member> meaning) {
    var expected = expected(meaning);
    assertThat(ids(members.findAll(criteria)))
        .as("%s", criteria)
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(members.count(criteria)).as("count of %s", criteria).isEqualTo(expected.size());
  }

  private List<Long> expected(Predicate<Member> meaning) {
    return data.stream().filter(meaning).map(Member::id).sorted().toList();
  }

  private static List<Long> ids(List<Member> found) {
    return found.stream().map(Member::id).toList();
  }

  private static @Nullable String text(@Nullable CharSequence value) {
    return value == null ? null : value.toString();
  }

  private static boolean isIn(@Nullable CharSequence value, String... values) {
    return value != null && List.of(values).contains(value.toString());
  }

  private static @Nullable String homeCity(Member m) {
    return m.home() == null ? null : text(m.home().city());
  }
}
