package com.example.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.value.Text;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.repository.core.support.RepositoryFactoryInformation;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every kind of query method, on the JVM and (the same tests, with {@code spring.aot.enabled}) in
 * AOT mode; expected results are computed from the inserted notes.
 */
@SpringBootTest(properties = "spring.main.web-application-type=none")
class NoteRepositoryTests {
  private static final List<Note> NOTES = List.of(Note.of("ada", "kites", 5), Note.of("ada", "kite lines", 3),
      Note.of("bob", "wind", 4), Note.of("bob", "kite_tails 100%", 1), Note.of("cy", "ridges", 2));

  @Autowired NoteRepository notes;
  @Autowired ApplicationContext context;
  @Autowired PlatformTransactionManager transactions;
  List<Note> saved;

  @BeforeEach
  void fill() {
    notes.deleteAll();
    saved = notes.saveAll(NOTES);
  }

  @Test
  void queryMethodsAreGeneratedAtBuildTimeInAotMode() throws Exception {
    RepositoryFactoryInformation<?, ?> factory = context.getBean("&noteRepository", RepositoryFactoryInformation.class);
    var derivedAtStartUp = factory.getQueryMethods().stream().map(QueryMethod::getName).collect(Collectors.toSet());
    var perCallShape = Set.of("findByAuthorIn", "findByAuthor");
    if (AotDetector.useGeneratedArtifacts()) {
      assertThat(Class.forName(NoteRepository.class.getName() + "Impl__AotRepository")).isNotNull();
      assertThat(derivedAtStartUp).isEqualTo(perCallShape);
    } else {
      assertThat(derivedAtStartUp).containsAll(perCallShape).hasSize(14);
    }
  }

  @Test
  void derivedQueries() {
    assertThat(titles(notes.findByAuthorOrderByIdAsc("ada"))).isEqualTo(titles(where(n -> n.author().equals("ada"))));
    assertThat(notes.findByTitle("wind")).map(n -> n.author().toString()).contains("bob");
    assertThat(notes.findByTitle("calm")).isEmpty();
    var best = where(n -> n.author().equals("ada")).stream().max(Comparator.comparingInt(Note::stars)).orElseThrow();
    assertThat(notes.findFirstByAuthorOrderByStarsDesc("ada").id()).isEqualTo(best.id());
    // StartingWith matches literally: the '_' and '%' of the argument are no wildcards
    assertThat(notes.findByTitleStartingWithOrderByTitleAsc("kite").stream().map(t -> t.getTitle().toString()))
        .containsExactlyElementsOf(where(n -> n.title().toString().startsWith("kite")).stream().map(n -> n.title().toString()).sorted().toList());
    assertThat(notes.findByTitleStartingWithOrderByTitleAsc("kite_")).extracting(t -> t.getTitle().toString())
        .containsExactly("kite_tails 100%");
    assertThat(notes.findByStarsGreaterThanEqual(3).stream().map(s -> s.title() + "/" + s.stars()).collect(Collectors.toSet()))
        .isEqualTo(where(n -> n.stars() >= 3).stream().map(n -> n.title() + "/" + n.stars()).collect(Collectors.toSet()));
    assertThat(notes.countByAuthor("bob")).isEqualTo(where(n -> n.author().equals("bob")).size());
    assertThat(notes.existsByAuthor("cy")).isTrue();
    assertThat(notes.existsByAuthor("dee")).isFalse();
    assertThat(notes.deleteByAuthor("bob")).isEqualTo(where(n -> n.author().equals("bob")).size());
    assertThat(notes.count()).isEqualTo(NOTES.size() - where(n -> n.author().equals("bob")).size());
  }

  @Test
  void declaredQueries() {
    assertThat(titles(notes.rated(2, 4))).isEqualTo(titles(where(n -> n.stars() >= 2 && n.stars() <= 4)));
    assertThat(notes.titlesBy("ada").stream().map(String::valueOf).toList()).isEqualTo(titles(where(n -> n.author().equals("ada"))));
    assertThat(notes.countAbove(2)).isEqualTo(where(n -> n.stars() > 2).size());
    assertThat(notes.star("cy")).isEqualTo(1);
    assertThat(notes.findByTitle("ridges")).map(Note::stars).contains(3);
  }

  @Test
  void methodsWithAPerCallShapeRunAsWithoutAot() {
    assertThat(titles(notes.findByAuthorIn(List.of("ada", "cy"))))
        .containsExactlyInAnyOrderElementsOf(titles(where(n -> Set.of("ada", "cy").contains(n.author().toString()))));
    var page = notes.findByAuthor("ada", PageRequest.of(0, 1));
    assertThat(page.getTotalElements()).isEqualTo(where(n -> n.author().equals("ada")).size());
    assertThat(page.getContent()).hasSize(1);
  }

  @Test
  void generatedMethodsBorrowTextInAReadOnlyTransaction() {
    var readOnly = new TransactionTemplate(transactions);
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(_ -> {
      var found = notes.findByAuthorOrderByIdAsc("ada");
      assertThat(found).isNotEmpty().allSatisfy(n -> assertThat(n.title()).isInstanceOfSatisfying(Text.class, t ->
          assertThat(t.isBorrowed()).isTrue()));
    });
  }

  private List<Note> where(Predicate<Note> filter) {
    return saved.stream().filter(filter).toList();
  }

  private static List<String> titles(List<Note> notes) {
    return notes.stream().map(n -> n.title().toString()).toList();
  }
}
