package io.kitesql.data.aot;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.repository.KiteSqlTestConfiguration;
import io.kitesql.data.repository.OrderRepository;
import io.kitesql.data.repository.support.RepositoryQueryListener;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.core.env.MapPropertySource;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.javapoet.ClassName;

/**
 * Spring AOT processing of a context with KiteSQL repositories, in this JVM: the query methods
 * generated as source carry exactly the SQL the run-time queries of the same methods run, and the
 * methods with a per-call shape are left to the run-time query.
 */
class AotRepositoryGenerationTest {
  private static final Pattern METHOD =
      Pattern.compile(
          "\"name\":\\s*\"(\\w+)\",\\s*\"signature\":\\s*\"(?:[^\"\\\\]|\\\\.)*\",\\s*\"query\":\\s*\\{\\s*\"query\":\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

  @Test
  void generatedQueriesRunTheRunTimeQueriesSql() throws Exception {
    var generated = generatedQueries(OrderRepository.class);
    var atRunTime = runTimeQueries();

    assertThat(generated).isNotEmpty();
    generated.forEach(
        (method, sql) ->
            assertThat(atRunTime.get("OrderRepository." + method))
                .as(method)
                .isNotNull()
                .contains(sql));
    // every kind of method the generator takes is among them
    assertThat(generated)
        .containsKeys(
            "findByCustomerIdOrderByIdAsc",
            "findByCustomerIdOrderByIdDesc",
            "findByNoteStartingWith",
            "findByStatusIgnoreCase",
            "findFirstByCustomerIdOrderByIdAsc",
            "findOneById",
            "findDistinctByCustomerId",
            "countByStatus",
            "existsByCustomerId",
            "deleteByStatus",
            "byCustomerAndStatus",
            "notesOf",
            "totalsByStatus",
            "renameStatus");
  }

  @Test
  void methodsWithAPerCallShapeAreLeftToTheRunTimeQuery() throws Exception {
    var generated = generatedQueries(OrderRepository.class).keySet();
    var perCall =
        Set.<Class<?>>of(
            Collection.class,
            Sort.class,
            Pageable.class,
            Limit.class,
            ScrollPosition.class,
            Class.class);
    var perCallResults = Set.<Class<?>>of(Page.class, Slice.class, Window.class, Stream.class);
    var shaped =
        Arrays.stream(OrderRepository.class.getDeclaredMethods())
            .filter(
                m ->
                    Arrays.stream(m.getParameterTypes()).anyMatch(perCall::contains)
                        || perCallResults.contains(m.getReturnType()))
            .map(m -> m.getName())
            .collect(Collectors.toSet());
    // overloads share a name: only a name none of whose methods is generated can be checked
    shaped.removeAll(Set.of("findByStatus", "findByCustomerId"));
    assertThat(shaped).isNotEmpty();
    assertThat(generated).doesNotContainAnyElementsOf(shaped);
  }

  @Test
  void aPropertyTurnsTheGenerationOff() throws Exception {
    var files = generate(Map.of("spring.aot.kitesql.repositories.enabled", "false"));
    var path = OrderRepository.class.getName().replace('.', '/');
    assertThat(files.getGeneratedFileContent(Kind.SOURCE, path + "Impl__AotRepository.java"))
        .isNull();
    assertThat(
            generate(Map.of())
                .getGeneratedFileContent(Kind.SOURCE, path + "Impl__AotRepository.java"))
        .isNotNull();
  }

  /** Runs the AOT processing of the repository test context with these properties. */
  private static InMemoryGeneratedFiles generate(Map<String, Object> properties) {
    var files = new InMemoryGeneratedFiles();
    var generation =
        new DefaultGenerationContext(
            new ClassNameGenerator(ClassName.get(AotRepositoryGenerationTest.class)), files);
    try (var context = new AnnotationConfigApplicationContext()) {
      context
          .getEnvironment()
          .getPropertySources()
          .addFirst(new MapPropertySource("test", properties));
      context.register(KiteSqlTestConfiguration.class);
      new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
    }
    generation.writeGeneratedContent();
    return files;
  }

  /**
   * Each generated method's SQL, from the repository metadata the AOT processing writes beside its
   * source.
   */
  private static Map<String, String> generatedQueries(Class<?> repository) throws IOException {
    var files = generate(Map.of());
    var path = repository.getName().replace('.', '/');
    assertThat(files.getGeneratedFileContent(Kind.SOURCE, path + "Impl__AotRepository.java"))
        .isNotNull();
    var json = files.getGeneratedFileContent(Kind.RESOURCE, path + ".json");
    assertThat(json).isNotNull();
    var queries = new HashMap<String, String>();
    var matcher = METHOD.matcher(json);
    while (matcher.find()) {
      queries.put(matcher.group(1), unescape(matcher.group(2)));
    }
    return queries;
  }

  /** Each query method's SQL as the repository factory makes it at run time, by statement name. */
  private static Map<String, Set<String>> runTimeQueries() {
    var queries = new HashMap<String, Set<String>>();
    try (var context = new AnnotationConfigApplicationContext()) {
      context.register(KiteSqlTestConfiguration.class);
      context.registerBean(
          RepositoryQueryListener.class,
          () -> (name, sql) -> queries.computeIfAbsent(name, _ -> new HashSet<>()).add(sql));
      context.refresh();
      context.getBean(OrderRepository.class);
    }
    return queries;
  }

  private static String unescape(String json) {
    var text = new StringBuilder();
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      if (c == '\\') {
        c = json.charAt(++i);
        switch (c) {
          case 'n' -> text.append('\n');
          case 't' -> text.append('\t');
          case 'u' -> {
            text.append((char) Integer.parseInt(json.substring(i + 1, i + 5), 16));
            i += 4;
          }
          default -> text.append(c);
        }
      } else {
        text.append(c);
      }
    }
    return text.toString();
  }
}
