package io.kitesql.data.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.data.domain.ExampleMatcher.GenericPropertyMatchers.endsWith;
import static org.springframework.data.domain.ExampleMatcher.GenericPropertyMatchers.startsWith;

import io.kitesql.data.Executions;
import io.kitesql.data.LabelListener;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Queries by example against a real database; every expected result is computed by filtering the
 * inserted objects in Java with the matcher's meaning.
 */
@SpringJUnitConfig(ExampleTestConfiguration.class)
class QueryByExampleTest {
  private static final List<String> NAMES =
      List.of(
          "Ada Lovelace",
          "ada",
          "Grace",
          "50% off",
          "50 percent",
          "a_b",
          "axb",
          "back\\slash",
          "Alan",
          "ALAN T",
          "x' or '1'='1");
  private static final List<String> CITIES = List.of("Paris", "paris", "Berlin", "Rome");

  @Autowired AuthorRepository authors;
  @Autowired KiteSqlTransactionManager transactionManager;
  @Autowired KiteSqlTemplate template;
  private List<Author> data;

  @BeforeEach
  void load() {
    authors.deleteAll();
    var random = new Random(25);
    data = new ArrayList<>();
    for (long id = 1; id <= 200; id++) {
      var city = random.nextInt(6) == 0 ? null : CITIES.get(random.nextInt(CITIES.size()));
      var karma = random.nextInt(8) == 0 ? null : random.nextInt(5);
      data.add(
          new Author(
              id,
              NAMES.get(random.nextInt(NAMES.size())),
              city,
              "a" + id + "@example.org",
              karma,
              random.nextBoolean()));
    }
    authors.saveAll(data);
  }

  private List<Long> expected(Predicate<Author> filter) {
    return data.stream().filter(filter).map(Author::id).sorted().toList();
  }

  private static List<Long> ids(List<? extends Author> found) {
    return found.stream().map(Author::id).sorted().toList();
  }

  private static String text(CharSequence value) {
    return value == null ? null : value.toString();
  }

  private static Author probe(String name, String city, Integer karma, Boolean active) {
    return new Author(null, name, city, null, karma, active);
  }

  @Test
  void setPropertiesMatchExactlyAndAllOfThem() {
    var row = data.stream().filter(a -> a.city() != null).findFirst().orElseThrow();
    var found =
        authors.findAll(
            Example.of(probe(row.name().toString(), row.city().toString(), null, row.active())));
    assertThat(ids(found))
        .contains(row.id())
        .isEqualTo(
            expected(
                a ->
                    a.name().equals(row.name())
                        && row.city().equals(a.city())
                        && a.active() == row.active()));
    assertThat(authors.count(Example.of(probe(null, "Berlin", 3, null))))
        .isEqualTo(
            expected(a -> "Berlin".equals(text(a.city())) && Objects.equals(a.karma(), 3)).size());
    assertThat(ids(authors.findAll(Example.of(probe(null, null, null, null)))))
        .isEqualTo(expected(a -> true));
  }

  @Test
  void matchingAnyJoinsWithOr() {
    var found =
        authors.findAll(
            Example.of(probe("Grace", "Rome", null, null), ExampleMatcher.matchingAny()));
    assertThat(ids(found))
        .isEqualTo(expected(a -> a.name().equals("Grace") || "Rome".equals(text(a.city()))));
  }

  @Test
  void textMatchersTakeTheProbeLiterally() {
    var starting =
        ExampleMatcher.matching().withStringMatcher(ExampleMatcher.StringMatcher.STARTING);
    assertThat(ids(authors.findAll(Example.of(probe("50%", null, null, null), starting))))
        .isNotEmpty()
        .isEqualTo(expected(a -> a.name().toString().startsWith("50%")));
    var containing =
        ExampleMatcher.matching().withStringMatcher(ExampleMatcher.StringMatcher.CONTAINING);
    assertThat(ids(authors.findAll(Example.of(probe("_", null, null, null), containing))))
        .isNotEmpty()
        .isEqualTo(expected(a -> a.name().toString().contains("_")));
    assertThat(ids(authors.findAll(Example.of(probe("\\", null, null, null), containing))))
        .isNotEmpty()
        .isEqualTo(expected(a -> a.name().toString().contains("\\")));
    var ending = ExampleMatcher.matching().withMatcher("name", endsWith());
    assertThat(ids(authors.findAll(Example.of(probe("ce", null, null, null), ending))))
        .isNotEmpty()
        .isEqualTo(expected(a -> a.name().toString().endsWith("ce")));
    assertThat(authors.findAll(Example.of(probe("x' or '1'='1", null, null, null))))
        .isNotEmpty()
        .allMatch(a -> a.name().toString().equals("x' or '1'='1"));
  }

  @Test
  void ignoreCaseForAllOrOneProperty() {
    var found =
        authors.findAll(
            Example.of(
                probe("ada", "PARIS", null, null), ExampleMatcher.matching().withIgnoreCase()));
    assertThat(ids(found))
        .isNotEmpty()
        .isEqualTo(
            expected(
                a ->
                    a.name().toString().equalsIgnoreCase("ada")
                        && a.city() != null
                        && a.city().toString().equalsIgnoreCase("paris")));
    var nameOnly = ExampleMatcher.matching().withMatcher("name", startsWith().ignoreCase());
    assertThat(ids(authors.findAll(Example.of(probe("al", "paris", null, null), nameOnly))))
        .isNotEmpty()
        .isEqualTo(
            expected(
                a ->
                    a.name().toString().toLowerCase(Locale.ROOT).startsWith("al")
                        && "paris".equals(text(a.city()))));
  }

  @Test
  void nullHandlingIncludeMatchesUnsetColumns() {
    var matcher =
        ExampleMatcher.matching()
            .withIncludeNullValues()
            .withIgnorePaths("id", "name", "email", "karma", "active");
    assertThat(ids(authors.findAll(Example.of(probe(null, null, null, null), matcher))))
        .isNotEmpty()
        .isEqualTo(expected(a -> a.city() == null));
    var withKarma =
        ExampleMatcher.matching()
            .withIncludeNullValues()
            .withIgnorePaths("id", "email", "name", "active");
    assertThat(ids(authors.findAll(Example.of(probe(null, null, 2, null), withKarma))))
        .isEqualTo(expected(a -> a.city() == null && Objects.equals(a.karma(), 2)));
  }

  @Test
  void singleResultsCountsAndExistence() {
    var unique = data.get(41);
    var probe = new Author(null, null, null, unique.email(), null, null);
    assertThat(authors.findOne(Example.of(probe))).map(Author::id).contains(unique.id());
    assertThat(authors.findOne(Example.of(new Author(null, null, null, "nobody", null, null))))
        .isEmpty();
    assertThatThrownBy(() -> authors.findOne(Example.of(probe("Grace", null, null, null))))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class);
    assertThat(authors.exists(Example.of(probe("Grace", null, null, null)))).isTrue();
    assertThat(authors.exists(Example.of(probe("Nobody", null, null, null)))).isFalse();
  }

  @Test
  void sortAndPage() {
    var example = Example.of(probe(null, "Paris", null, null));
    var order =
        Comparator.comparing((Author a) -> a.karma() == null ? Integer.MIN_VALUE : a.karma())
            .reversed()
            .thenComparing(Author::id);
    var all =
        data.stream()
            .filter(a -> "Paris".equals(text(a.city())))
            .sorted(order)
            .map(Author::id)
            .toList();
    var sort = Sort.by(Sort.Order.desc("karma").nullsLast(), Sort.Order.asc("id"));
    assertThat(authors.findAll(example, sort)).map(Author::id).isEqualTo(all);
    var page = authors.findAll(example, PageRequest.of(1, 7, sort));
    assertThat(page.getContent()).map(Author::id).isEqualTo(all.subList(7, 14));
    assertThat(page.getTotalElements()).isEqualTo(all.size());
  }

  @Test
  void fluentQueries() {
    var example = Example.of(probe(null, null, null, true));
    var active = data.stream().filter(Author::active).map(Author::id).sorted().toList();
    var bySortedId = Sort.by("id");
    List<Author> firstFive = authors.findBy(example, q -> q.sortBy(bySortedId).limit(5).all());
    assertThat(firstFive).map(Author::id).isEqualTo(active.subList(0, 5));
    Author last = authors.findBy(example, q -> q.sortBy(bySortedId.descending()).firstValue());
    assertThat(last.id()).isEqualTo(active.getLast());
    long count = authors.findBy(example, q -> q.count());
    assertThat(count).isEqualTo(active.size());
    boolean exists = authors.findBy(example, q -> q.exists());
    assertThat(exists).isTrue();
    var page = authors.findBy(example, q -> q.page(PageRequest.of(2, 10, bySortedId)));
    assertThat(page.getContent()).map(Author::id).isEqualTo(active.subList(20, 30));
    assertThat(page.getTotalElements()).isEqualTo(active.size());
    var slice = authors.findBy(example, q -> q.slice(PageRequest.of(0, 10, bySortedId)));
    assertThat(slice.getContent()).map(Author::id).isEqualTo(active.subList(0, 10));
    assertThat(slice.hasNext()).isTrue();
  }

  @Test
  void fluentProjections() {
    var example = Example.of(probe("Grace", null, null, null));
    var expected =
        data.stream()
            .filter(a -> a.name().equals("Grace"))
            .sorted(Comparator.comparing(Author::id))
            .toList();
    var summaries =
        authors.findBy(example, q -> q.sortBy(Sort.by("id")).as(AuthorSummary.class).all());
    assertThat(summaries)
        .map(s -> s.getKarma())
        .isEqualTo(expected.stream().map(Author::karma).toList());
    record NameAndCity(CharSequence name, CharSequence city) {}
    var dtos = authors.findBy(example, q -> q.sortBy(Sort.by("id")).as(NameAndCity.class).all());
    assertThat(dtos)
        .map(d -> text(d.city()))
        .isEqualTo(expected.stream().map(a -> text(a.city())).toList());
    var projected =
        authors.findBy(example, q -> q.sortBy(Sort.by("id")).project("id", "email").all());
    assertThat(projected)
        .map(Author::email)
        .isEqualTo(expected.stream().map(Author::email).toList());
    assertThat(projected).allMatch(a -> a.name() == null && a.city() == null);
    assertThatThrownBy(() -> authors.findBy(example, q -> q.project("nickname").all()))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("nickname");
  }

  @Test
  void fluentWindowsByOffsetAndKeyset() {
    var example = Example.of(probe(null, "Berlin", null, null));
    var expected = expected(a -> "Berlin".equals(text(a.city())));
    for (var start : List.of(ScrollPosition.offset(), ScrollPosition.keyset())) {
      var seen = new ArrayList<Long>();
      var window = authors.findBy(example, q -> q.sortBy(Sort.by("id")).limit(4).scroll(start));
      while (true) {
        window.forEach(a -> seen.add(a.id()));
        if (!window.hasNext()) {
          break;
        }
        var next = window.positionAt(window.size() - 1);
        window = authors.findBy(example, q -> q.sortBy(Sort.by("id")).limit(4).scroll(next));
      }
      assertThat(seen).as("scrolling from %s", start).isEqualTo(expected);
    }
  }

  @Test
  void borrowedTextInAReadOnlyTransactionAndAsProbe() {
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(
        status -> {
          var first = authors.findById(7L).orElseThrow();
          assertThat(((Text) first.name()).isBorrowed()).isTrue();
          // the probe's text is itself a view of the map
          var found =
              authors.findAll(
                  Example.of(new Author(null, first.name(), first.city(), null, null, null)));
          assertThat(ids(found))
              .isEqualTo(
                  expected(
                      a ->
                          a.name().toString().equals(first.name().toString())
                              && Objects.equals(text(a.city()), text(first.city()))));
          assertThat(found).allMatch(a -> ((Text) a.name()).isBorrowed());
          try (var stream =
              authors.findBy(Example.of(probe("Alan", null, null, null)), q -> q.stream())) {
            assertThat(stream.map(a -> a.id()).sorted().toList())
                .isEqualTo(expected(a -> a.name().equals("Alan")));
          }
        });
  }

  @Test
  void statementsAreNamedAfterTheRepositoryMethod() {
    var names = new CopyOnWriteArrayList<String>();
    LabelListener.listen(
        template.getDatabase(),
        (label, statement) -> {
          names.add(String.valueOf(label));
          return outcome -> {};
        });
    try {
      var example = Example.of(probe("Grace", null, null, null));
      authors.findAll(example);
      authors.count(example);
      authors.exists(example);
      authors.findOne(
          Example.of(new Author(null, null, null, data.getFirst().email(), null, null)));
      authors.findBy(example, q -> q.page(PageRequest.of(0, 2)));
    } finally {
      Executions.stop(template.getDatabase());
    }
    assertThat(names)
        .containsExactly(
            "AuthorRepository.findAll",
            "AuthorRepository.count",
            "AuthorRepository.exists",
            "AuthorRepository.findOne",
            "AuthorRepository.findBy",
            "AuthorRepository.findBy");
  }

  @Test
  void refusedMatchersNameWhatTheyRefuse() {
    var probe =
        Example.of(
            probe("Ada", null, null, null),
            ExampleMatcher.matching().withStringMatcher(ExampleMatcher.StringMatcher.REGEX));
    assertThatThrownBy(() -> authors.findAll(probe))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("REGEX");
    var regexOnName = ExampleMatcher.matching().withMatcher("name", m -> m.regex());
    assertThatThrownBy(() -> authors.count(Example.of(probe("A.*", null, null, null), regexOnName)))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("REGEX")
        .hasMessageContaining("name");
    var unknown = ExampleMatcher.matching().withIgnorePaths("nickname");
    assertThatThrownBy(() -> authors.findAll(Example.of(probe("Ada", null, null, null), unknown)))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("nickname");
    var textMatcherOnNumber = ExampleMatcher.matching().withMatcher("karma", startsWith());
    assertThatThrownBy(
            () -> authors.findAll(Example.of(probe(null, null, 1, null), textMatcherOnNumber)))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("karma");
  }
}
