package io.kitesql.data.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.EntitySchema;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.support.KiteSqlRepositoryFactory;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.annotation.Id;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code @Embedded} values on a real database: written as prefixed columns, read back (null or
 * empty as {@code onEmpty} says), and reached by derived queries, sorts and examples through their
 * paths ({@code home.city}). Expected results are computed from the saved customers.
 */
@SpringJUnitConfig(EmbeddedTestConfiguration.class)
class EmbeddedTest {
  private static final List<String> CITIES = List.of("Paris", "paris", "Berlin", "Rome");
  private static final Address EMPTY = new Address(null, null, null);

  @Autowired CustomerRepository customers;
  @Autowired KiteSqlTemplate template;
  @Autowired KiteSqlTransactionManager transactionManager;
  private List<Customer> saved;

  @BeforeEach
  void load() {
    customers.deleteAll();
    var random = new Random(4);
    var made = new ArrayList<Customer>();
    for (int i = 0; i < 60; i++) {
      made.add(
          new Customer(
              null,
              "c" + i,
              random.nextInt(4) == 0 ? null : address(random),
              random.nextInt(3) == 0 ? null : address(random)));
    }
    saved = customers.saveAll(made);
  }

  /** A non-empty address: its street is always set, its city and zip sometimes not. */
  private static Address address(Random random) {
    var city = random.nextInt(6) == 0 ? null : CITIES.get(random.nextInt(CITIES.size()));
    var zip = random.nextInt(5) == 0 ? null : String.valueOf(10 + random.nextInt(20));
    return new Address("street " + random.nextInt(100), city, zip);
  }

  private static @Nullable String text(@Nullable CharSequence value) {
    return value == null ? null : value.toString();
  }

  private static String describe(@Nullable Address address) {
    return address == null
        ? "null"
        : text(address.street()) + "|" + text(address.city()) + "|" + address.zip();
  }

  /**
   * A customer as it reads back: a null work address is an empty one (USE_EMPTY), a null home stays
   * null.
   */
  private static String describe(Customer customer) {
    return customer.id()
        + " "
        + customer.name()
        + " "
        + describe(customer.home())
        + " "
        + describe(customer.work() == null ? EMPTY : customer.work());
  }

  private List<Long> expected(Predicate<Customer> filter) {
    return saved.stream().filter(filter).map(Customer::id).sorted().toList();
  }

  private static List<Long> ids(Iterable<Customer> found) {
    var ids = new ArrayList<Long>();
    found.forEach(c -> ids.add(c.id()));
    return ids;
  }

  private static @Nullable String homeCity(Customer c) {
    return c.home() == null ? null : text(c.home().city());
  }

  private static @Nullable String workCity(Customer c) {
    return c.work() == null ? null : text(c.work().city());
  }

  @Test
  void embeddedValuesReadBackAsSavedNullOrEmptyAsOnEmptySays() {
    assertThat(saved).anyMatch(c -> c.home() == null).anyMatch(c -> c.work() == null);
    var found = customers.findAll(Sort.by("id"));
    assertThat(found)
        .extracting(EmbeddedTest::describe)
        .containsExactlyElementsOf(
            saved.stream()
                .sorted(Comparator.comparing(Customer::id))
                .map(EmbeddedTest::describe)
                .toList());
    assertThat(found)
        .filteredOn(c -> c.home() == null)
        .hasSize(expected(c -> c.home() == null).size());
    assertThat(found).allMatch(c -> c.work() != null);
  }

  /** The same table as a mutable class: embedded values set through fields after construction. */
  @Table("customers")
  static class CustomerBean {
    @Id Long id;
    CharSequence name;

    @Embedded.Nullable(prefix = "home_")
    Address home;

    @Embedded.Empty(prefix = "work_")
    Address work;
  }

  interface CustomerBeanRepository extends KiteSqlRepository<CustomerBean, Long> {}

  @Test
  void aMutableClassGetsItsEmbeddedValuesSetAfterConstruction() {
    var beans =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none())
            .getRepository(CustomerBeanRepository.class);
    var found = beans.findAll(Sort.by("id"));
    assertThat(found)
        .extracting(b -> describe(new Customer(b.id, b.name, b.home, b.work)))
        .containsExactlyElementsOf(
            saved.stream()
                .sorted(Comparator.comparing(Customer::id))
                .map(EmbeddedTest::describe)
                .toList());
    var bean = found.getFirst();
    bean.home = new Address("bean street", "Lyon", "69");
    beans.save(bean);
    assertThat(describe(customers.findById(bean.id).orElseThrow().home()))
        .isEqualTo("bean street|Lyon|69");
  }

  @Test
  void saveUpdatesEveryColumnOfAnEmbeddedValue() {
    var first = saved.getFirst();
    customers.save(
        new Customer(first.id(), "renamed", null, new Address("new street", "Oslo", "99")));
    var found = customers.findById(first.id()).orElseThrow();
    assertThat(found.home()).isNull();
    assertThat(describe(found.work())).isEqualTo("new street|Oslo|99");
  }

  @Test
  void derivedQueriesFilterOnEmbeddedProperties() {
    assertThat(ids(customers.findByHomeCityOrderByIdAsc("Paris")))
        .isEqualTo(expected(c -> "Paris".equals(homeCity(c))));
    assertThat(
            ids(customers.findByHomeCityIgnoreCaseAndWorkZipStartingWithOrderByIdAsc("PARIS", "1")))
        .isEqualTo(
            expected(
                c ->
                    homeCity(c) != null
                        && homeCity(c).toLowerCase(Locale.ROOT).equals("paris")
                        && c.work() != null
                        && c.work().zip() != null
                        && c.work().zip().startsWith("1")));
    assertThat(customers.countByHomeZipIsNull())
        .isEqualTo(expected(c -> c.home() == null || c.home().zip() == null).size());
  }

  @Test
  void sortsAndPagesOrderByEmbeddedProperties() {
    Comparator<Customer> byWorkCityThenId =
        Comparator.comparing((Customer c) -> workCity(c)).thenComparing(Customer::id);
    var withWorkCity =
        saved.stream()
            .filter(c -> workCity(c) != null)
            .sorted(byWorkCityThenId)
            .map(Customer::id)
            .toList();
    assertThat(ids(customers.findByWorkCityIsNotNull(Sort.by("work.city", "id"))))
        .isEqualTo(withWorkCity);

    var inParis = expected(c -> "Paris".equals(workCity(c)));
    var page = customers.findByWorkCity("Paris", PageRequest.of(1, 3, Sort.by("id")));
    assertThat(page.getTotalElements()).isEqualTo(inParis.size());
    assertThat(ids(page.getContent()))
        .isEqualTo(inParis.subList(Math.min(3, inParis.size()), Math.min(6, inParis.size())));

    Comparator<Customer> byHomeCityDesc =
        Comparator.comparing(
            (Customer c) -> homeCity(c),
            Comparator.nullsFirst(Comparator.<String>naturalOrder()).reversed());
    var expectedOrder =
        saved.stream()
            .filter(c -> "Rome".equals(workCity(c)) && homeCity(c) != null)
            .sorted(byHomeCityDesc.thenComparing(Customer::id))
            .map(Customer::id)
            .toList();
    var found = ids(customers.findByWorkCityOrderByHomeCityDescIdAsc("Rome"));
    assertThat(found.stream().filter(expectedOrder::contains).toList()).isEqualTo(expectedOrder);
  }

  @Test
  void examplesMatchEmbeddedPropertiesOfTheProbe() {
    var probe = new Customer(null, null, new Address(null, "Berlin", null), null);
    assertThat(ids(customers.findAll(Example.of(probe), Sort.by("id"))))
        .isEqualTo(expected(c -> "Berlin".equals(homeCity(c))));
    var anyCase = ExampleMatcher.matching().withMatcher("home.city", m -> m.ignoreCase());
    assertThat(
            ids(
                customers.findAll(
                    Example.of(
                        new Customer(null, null, new Address(null, "PARIS", null), null), anyCase),
                    Sort.by("id"))))
        .isEqualTo(expected(c -> homeCity(c) != null && homeCity(c).equalsIgnoreCase("paris")));
    var ignoringHome = ExampleMatcher.matching().withIgnorePaths("home");
    assertThat(
            customers.count(
                Example.of(
                    new Customer(
                        null,
                        null,
                        new Address(null, "Berlin", null),
                        new Address(null, "Rome", null)),
                    ignoringHome)))
        .isEqualTo(expected(c -> "Rome".equals(workCity(c))).size());
  }

  @Test
  void embeddedTextIsBorrowedInAReadOnlyTransaction() {
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(
        status -> {
          var found = customers.findByHomeCityOrderByIdAsc("Rome");
          assertThat(ids(found)).isEqualTo(expected(c -> "Rome".equals(homeCity(c)))).isNotEmpty();
          assertThat(found)
              .allSatisfy(
                  c -> {
                    assertThat(c.home().city())
                        .isInstanceOfSatisfying(
                            Text.class, t -> assertThat(t.isBorrowed()).isTrue());
                    assertThat(c.home().street())
                        .isInstanceOfSatisfying(
                            Text.class, t -> assertThat(t.isBorrowed()).isTrue());
                  });
        });
  }

  @Test
  void schemaGenerationGivesEachEmbeddedPropertyItsPrefixedColumn() {
    var sql =
        EntitySchema.createTableSql(
            new EntityMapping<>(new KiteSqlMappingContext(), Customer.class, Conversions.none()));
    assertThat(sql)
        .isEqualTo(
            "create table if not exists \"customers\" (\"id\" bigint primary key, \"name\" varchar,"
                + " \"home_street\" varchar, \"home_city\" varchar, \"home_zip\" varchar,"
                + " \"work_street\" varchar, \"work_city\" varchar, \"work_zip\" varchar)");
  }

  record Point(int x, int y) {}

  record Shape(@Embedded.Nullable Point corner, CharSequence label) {}

  @Table("drawings")
  record Drawing(@Id Long id, @Embedded.Nullable(prefix = "shape_") Shape shape) {}

  record Tags(List<String> names) {}

  @Table("posts")
  record Tagged(@Id Long id, @Embedded.Empty Tags tags) {}

  @Test
  void anEmbeddedValueInsideAnotherOrACollectionInsideOneIsRefusedByName() {
    var context = new KiteSqlMappingContext();
    assertThatThrownBy(() -> new EntityMapping<>(context, Drawing.class, Conversions.none()))
        .isInstanceOf(MappingException.class)
        .hasMessageContaining(Drawing.class.getName() + ".shape.corner")
        .hasMessageContaining("embedded value inside an embedded value");
    assertThatThrownBy(() -> new EntityMapping<>(context, Tagged.class, Conversions.none()))
        .isInstanceOf(MappingException.class)
        .hasMessageContaining(Tagged.class.getName() + ".tags.names")
        .hasMessageContaining("collection");
  }

  interface UnknownNestedProperty extends KiteSqlRepository<Customer, Long> {
    List<Customer> findByHomeCountry(String country);
  }

  interface WholeEmbeddedValue extends KiteSqlRepository<Customer, Long> {
    List<Customer> findByHome(Address home);
  }

  @Test
  void whatDerivedQueriesCannotDoWithEmbeddedValuesFailsAtStartUpByName() {
    var factory =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none());
    assertThatThrownBy(() -> factory.getRepository(UnknownNestedProperty.class))
        .hasMessageContaining("findByHomeCountry");
    assertThatThrownBy(() -> factory.getRepository(WholeEmbeddedValue.class))
        .hasMessageContaining("findByHome")
        .hasMessageContaining("@Embedded value")
        .hasMessageContaining("home.city");
    assertThat(Objects.requireNonNull(saved)).isNotEmpty();
  }
}
