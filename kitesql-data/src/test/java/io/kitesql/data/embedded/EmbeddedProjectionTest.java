package io.kitesql.data.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.Query;
import io.kitesql.data.repository.support.KiteSqlRepositoryFactory;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.Sort;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Interface and DTO projections holding an {@code @Embedded} value, through derived queries,
 * {@code @Query} and query by example's {@code as(...)}, on a real database. Expected projections
 * are computed from the saved customers.
 */
@SpringJUnitConfig(EmbeddedTestConfiguration.class)
class EmbeddedProjectionTest {
  private static final List<String> CITIES = List.of("Paris", "Berlin", "Rome");

  @Autowired CustomerRepository customers;
  @Autowired KiteSqlTemplate template;
  @Autowired KiteSqlTransactionManager transactionManager;
  private List<Customer> saved;

  @BeforeEach
  void load() {
    customers.deleteAll();
    var random = new Random(11);
    var made = new ArrayList<Customer>();
    for (int i = 0; i < 40; i++) {
      made.add(
          new Customer(
              null,
              "c" + i,
              random.nextInt(4) == 0 ? null : address(random),
              random.nextInt(3) == 0 ? null : address(random)));
    }
    saved = customers.saveAll(made);
  }

  private static Address address(Random random) {
    var city = random.nextInt(6) == 0 ? null : CITIES.get(random.nextInt(CITIES.size()));
    var zip = random.nextInt(4) == 0 ? null : String.valueOf(10 + random.nextInt(20));
    return new Address("street " + random.nextInt(100), city, zip);
  }

  private static @Nullable String text(@Nullable CharSequence value) {
    return value == null ? null : value.toString();
  }

  /** An address as text; null for none. {@code home} reads back null, {@code work} empty. */
  private static String describe(@Nullable Address address) {
    return address == null
        ? "null"
        : text(address.street()) + "|" + text(address.city()) + "|" + address.zip();
  }

  private static String describe(CharSequence name, @Nullable Address home, Address work) {
    return name + " home " + describe(home) + " work " + describe(work);
  }

  private static String describe(CustomerAddresses view) {
    return describe(view.getName(), view.getHome(), view.getWork());
  }

  /** What a customer's addresses read back as: a missing work address is an empty one. */
  private static String expected(Customer c) {
    return describe(
        c.name(), c.home(), c.work() == null ? new Address(null, null, null) : c.work());
  }

  private List<String> expected(Predicate<Customer> filter) {
    return saved.stream().filter(filter).map(EmbeddedProjectionTest::expected).toList();
  }

  private static @Nullable String workCity(Customer c) {
    return c.work() == null ? null : text(c.work().city());
  }

  @Test
  void derivedQueriesReadEmbeddedValuesIntoProjections() {
    var paris = customers.findAddressesByWorkCityOrderByIdAsc("Paris");
    assertThat(paris.stream().map(EmbeddedProjectionTest::describe).toList())
        .isEqualTo(expected(c -> "Paris".equals(workCity(c))))
        .isNotEmpty();

    var homes = customers.findHomesByHomeZipIsNotNullOrderByIdAsc();
    var expectedHomes =
        saved.stream()
            .filter(c -> c.home() != null && c.home().zip() != null)
            .map(c -> c.name() + " " + describe(c.home()))
            .toList();
    assertThat(homes.stream().map(h -> text(h.name()) + " " + describe(h.home())).toList())
        .isEqualTo(expectedHomes)
        .isNotEmpty();
  }

  @Test
  void declaredQueriesMapEmbeddedColumnsByTheEntitysColumnNames() {
    assertThat(customers.allAddresses().stream().map(EmbeddedProjectionTest::describe).toList())
        .isEqualTo(expected(c -> true));
    for (var customer : saved) {
      var home = customers.homeOf(customer.id()).orElseThrow();
      assertThat(text(home.name()) + " " + describe(home.home()))
          .isEqualTo(customer.name() + " " + describe(customer.home()));
    }
    var first = saved.getFirst();
    assertThatThrownBy(() -> customers.homeWithoutZip(first.id()))
        .hasMessageContaining("home_zip")
        .hasMessageContaining("home.zip")
        .hasMessageContaining(CustomerHome.class.getName());
  }

  @Test
  void queryByExampleReadsEmbeddedValuesIntoProjections() {
    var probe = Example.of(new Customer(null, null, null, new Address(null, "Rome", null)));
    var views =
        customers.findBy(probe, q -> q.sortBy(Sort.by("id")).as(CustomerAddresses.class).all());
    assertThat(views.stream().map(EmbeddedProjectionTest::describe).toList())
        .isEqualTo(expected(c -> "Rome".equals(workCity(c))))
        .isNotEmpty();
    var dtos = customers.findBy(probe, q -> q.sortBy(Sort.by("id")).as(CustomerHome.class).all());
    assertThat(dtos.stream().map(h -> text(h.name()) + " " + describe(h.home())).toList())
        .isEqualTo(
            saved.stream()
                .filter(c -> "Rome".equals(workCity(c)))
                .map(c -> c.name() + " " + describe(c.home()))
                .toList());
    var anyName =
        Example.of(
            new Customer(null, "c1", null, null),
            ExampleMatcher.matching().withMatcher("name", m -> m.startsWith()));
    assertThatThrownBy(() -> customers.findBy(anyName, q -> q.as(HomeCityView.class).all()))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining(HomeCityView.class.getName() + ".home")
        .hasMessageContaining("nested projection of an embedded value");
  }

  @Test
  void embeddedTextInAProjectionIsBorrowedInAReadOnlyTransaction() {
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(
        status -> {
          var views = customers.findAddressesByWorkCityOrderByIdAsc("Berlin");
          assertThat(views).isNotEmpty();
          assertThat(views)
              .allSatisfy(
                  view ->
                      assertThat(view.getWork().street())
                          .isInstanceOfSatisfying(
                              Text.class, t -> assertThat(t.isBorrowed()).isTrue()));
          assertThat(views.stream().map(v -> v.getHome()).filter(Objects::nonNull))
              .allSatisfy(
                  home ->
                      assertThat(home.street())
                          .isInstanceOfSatisfying(
                              Text.class, t -> assertThat(t.isBorrowed()).isTrue()));
        });
  }

  /** A nested projection of an embedded value, which is refused. */
  interface CityOnly {
    CharSequence getCity();
  }

  interface HomeCityView {
    CharSequence getName();

    CityOnly getHome();
  }

  /** Not scanned (nested): a derived query returning the nested projection. */
  interface DerivedNestedRepository extends KiteSqlRepository<Customer, Long> {
    List<HomeCityView> findByName(String name);
  }

  /** Not scanned (nested): a declared query returning it. */
  interface DeclaredNestedRepository extends KiteSqlRepository<Customer, Long> {
    @Query("select name, home_street, home_city, home_zip from customers")
    List<HomeCityView> homes();
  }

  @Test
  void aNestedProjectionOfAnEmbeddedValueIsRefusedWhenTheRepositoryIsMade() {
    var factory =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none());
    assertThatThrownBy(() -> factory.getRepository(DerivedNestedRepository.class))
        .hasMessageContaining("DerivedNestedRepository.findByName")
        .hasMessageContaining("nested projection of an embedded value");
    assertThatThrownBy(() -> factory.getRepository(DeclaredNestedRepository.class))
        .hasMessageContaining("DeclaredNestedRepository.homes")
        .hasMessageContaining("nested projection of an embedded value");
  }
}
