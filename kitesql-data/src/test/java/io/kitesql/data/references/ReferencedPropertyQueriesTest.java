package io.kitesql.data.references;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.embedded.Address;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.support.KiteSqlRepositoryFactory;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.ClassUtils;

/**
 * Derived queries on the properties of another aggregate, reached through an {@code
 * AggregateReference} ({@code findByWriterName}), which Spring Data JDBC refuses. Expected results
 * are computed from the saved books and writers with an inner join's meaning: a book without a
 * writer, or whose writer does not match, is not found.
 *
 * <p>Runs in surefire's {@code aggregate-references} execution, the one whose class path has
 * spring-data-jdbc (see kitesql-data's pom); elsewhere it is disabled, not failed.
 */
@EnabledIf("springDataJdbcPresent")
@SpringJUnitConfig(ReferencesTestConfiguration.class)
class ReferencedPropertyQueriesTest {
  private static final List<String> NAMES =
      List.of("Ursula", "ursula k", "Stanislaw", "Octavia", "Iain");
  private static final List<String> CITIES = List.of("Paris", "Berlin", "Rome");

  static boolean springDataJdbcPresent() {
    return ClassUtils.isPresent(
        "org.springframework.data.jdbc.core.mapping.AggregateReference", null);
  }

  @Autowired BookRepository books;
  @Autowired WriterRepository writers;
  @Autowired KiteSqlTemplate template;
  @Autowired KiteSqlTransactionManager transactionManager;
  private final Map<Long, Writer> writerById = new HashMap<>();
  private List<Book> saved;

  @BeforeEach
  void load() {
    books.deleteAll();
    writers.deleteAll();
    writerById.clear();
    var random = new Random(11);
    for (long id = 1; id <= 9; id++) {
      var name = random.nextInt(5) == 0 ? null : NAMES.get(random.nextInt(NAMES.size()));
      var home =
          random.nextInt(3) == 0
              ? null
              : new Address("street " + id, CITIES.get(random.nextInt(CITIES.size())), null);
      writerById.put(id, writers.save(new Writer(id, name, home)));
    }
    var made = new ArrayList<Book>();
    for (int i = 0; i < 80; i++) {
      // ids 1..9 exist; 10 refers to no writer; null has none
      int writer = random.nextInt(11);
      made.add(
          new Book(
              null,
              (i % 3 == 0 ? "The " : "A ") + "book " + i,
              writer == 0 ? null : AggregateReference.to((long) writer)));
    }
    saved = books.saveAll(made);
  }

  private @Nullable Writer writerOf(Book book) {
    return book.writer() == null ? null : writerById.get(book.writer().getId());
  }

  private @Nullable String writerName(Book book) {
    var writer = writerOf(book);
    return writer == null || writer.name() == null ? null : writer.name().toString();
  }

  private List<Long> expected(Predicate<Book> filter) {
    return saved.stream().filter(filter).map(Book::id).sorted().toList();
  }

  private static List<Long> ids(Iterable<Book> found) {
    var ids = new ArrayList<Long>();
    found.forEach(b -> ids.add(b.id()));
    return ids;
  }

  @Test
  void referencesReadBackAsReferencesToTheSavedIds() {
    var found = books.findAll(Sort.by("id"));
    assertThat(found)
        .extracting(b -> b.writer() == null ? null : b.writer().getId())
        .containsExactlyElementsOf(
            saved.stream().map(b -> b.writer() == null ? null : b.writer().getId()).toList());
    assertThat(ids(books.findByWriterOrderByIdAsc(AggregateReference.to(3L))))
        .isEqualTo(expected(b -> b.writer() != null && b.writer().getId() == 3L));
    assertThat(ids(books.findByWriterIdOrderByIdAsc(4)))
        .isEqualTo(expected(b -> b.writer() != null && b.writer().getId() == 4L));
  }

  @Test
  void aPropertyOfTheReferencedAggregateFiltersLikeAnInnerJoin() {
    assertThat(ids(books.findByWriterNameOrderByIdAsc("Ursula")))
        .isEqualTo(expected(b -> "Ursula".equals(writerName(b))))
        .isNotEmpty();
    assertThat(
            ids(
                books.findByWriterNameStartingWithIgnoreCaseAndTitleContainingOrderByIdAsc(
                    "URS", "The")))
        .isEqualTo(
            expected(
                b ->
                    writerName(b) != null
                        && writerName(b).toLowerCase(Locale.ROOT).startsWith("urs")
                        && b.title().toString().contains("The")));
    assertThat(books.countByWriterNameIn(List.of("Iain", "Octavia")))
        .isEqualTo(
            expected(b -> "Iain".equals(writerName(b)) || "Octavia".equals(writerName(b))).size());
  }

  @Test
  void anEmbeddedPropertyOfTheReferencedAggregateAndIsNull() {
    // the writer's home city, or a writer (one that exists) without a name
    assertThat(ids(books.findByWriterHomeCityOrWriterNameIsNullOrderByIdAsc("Rome")))
        .isEqualTo(
            expected(
                b -> {
                  var writer = writerOf(b);
                  return writer != null
                      && (writer.home() != null && "Rome".equals(writer.home().city().toString())
                          || writer.name() == null);
                }));
  }

  @Test
  void slicesOfAReferencedPropertyQuery() {
    var notUrsula = expected(b -> writerName(b) != null && !"Ursula".equals(writerName(b)));
    var slice = books.findByWriterNameNot("Ursula", PageRequest.of(1, 5, Sort.by("id")));
    assertThat(ids(slice.getContent()))
        .isEqualTo(notUrsula.subList(5, Math.min(10, notUrsula.size())));
    assertThat(slice.hasNext()).isEqualTo(notUrsula.size() > 10);
  }

  @Test
  void textOfBooksFoundThroughTheirWriterIsBorrowed() {
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(
        status ->
            assertThat(books.findByWriterNameOrderByIdAsc("Iain"))
                .isNotEmpty()
                .allSatisfy(
                    b ->
                        assertThat(b.title())
                            .isInstanceOfSatisfying(
                                Text.class, t -> assertThat(t.isBorrowed()).isTrue())));
  }

  interface UnknownReferencedProperty extends KiteSqlRepository<Book, Long> {
    List<Book> findByWriterNickname(String nickname);
  }

  interface OrderedByReferencedProperty extends KiteSqlRepository<Book, Long> {
    List<Book> findByTitleContainingOrderByWriterNameAsc(String fragment);
  }

  @Test
  void aPropertyTheReferencedAggregateLacksFailsAtStartUpAndSortingByOneIsRefused() {
    var factory =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none());
    assertThatThrownBy(() -> factory.getRepository(UnknownReferencedProperty.class))
        .hasMessageContaining("findByWriterNickname");
    assertThatThrownBy(() -> factory.getRepository(OrderedByReferencedProperty.class))
        .hasMessageContaining("findByTitleContainingOrderByWriterNameAsc");
    assertThatThrownBy(() -> books.findAll(Sort.by("writer.name")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("writer.name");
    assertThat(Objects.requireNonNull(saved)).hasSize(80);
  }
}
