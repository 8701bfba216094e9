package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The README's examples of {@code /actuator/metrics} and {@code /actuator/kitesql} come from a real
 * run: this test writes what the application answers now, whole, to {@code target/readme/}, and
 * checks that the README's examples have the same commands, meters, fields and texts (numbers and
 * the database path differ from run to run). An example trimmed by hand, or left behind by a change
 * of the answers, fails it; paste the files from {@code target/readme/} to fix it.
 */
class ReadmeExamplesHttpTests extends SampleAppHttpTest {
  private static final String TREE_QUERY = "PostRepository.findByThreadIdOrderByIdAsc";
  private static final String ORDERS_QUERY =
      "OrderRepository.findByCustomerIdAndStatusAndAmountGreaterThan";
  private static final List<String> METRICS_PATHS =
      List.of(
          "/actuator/metrics/kitesql.query?tag=statement:" + TREE_QUERY,
          "/actuator/metrics/kitesql.query.bytes.visited?tag=statement:" + TREE_QUERY,
          "/actuator/metrics/kitesql.query.bytes.returned?tag=statement:" + TREE_QUERY,
          "/actuator/metrics/kitesql.query.bytes.copied?tag=statement:" + TREE_QUERY,
          "/actuator/health/kitesql");
  private static final Pattern CURL = Pattern.compile("^\\$ curl -s '?localhost:8080(\\S+?)'?$");

  @Test
  void theReadmeExamplesHaveTheShapeOfTheRealAnswers() throws IOException {
    for (long thread = 1; thread <= DEMO_THREADS; thread++) {
      assertThat(get("/threads/" + thread).statusCode()).isEqualTo(200);
    }
    assertThat(get("/orders?customer=1&status=paid&minAmount=0").statusCode()).isEqualTo(200);

    var metrics = new StringBuilder();
    var answers = new ArrayList<String>();
    for (var path : METRICS_PATHS) {
      var response = get(path);
      assertThat(response.statusCode()).as(path).isEqualTo(200);
      metrics
          .append("$ curl -s 'localhost:8080")
          .append(path)
          .append("'\n")
          .append(response.body())
          .append('\n');
      answers.add(response.body());
    }
    var endpoint = JSON.readTree(get("/actuator/kitesql").body());
    JsonNode orders = null;
    for (var statement : endpoint.get("statements")) {
      if (statement.get("name").asString().equals(ORDERS_QUERY)) {
        orders = statement;
      }
    }
    assertThat(orders).as(ORDERS_QUERY + " in /actuator/kitesql").isNotNull();
    var pretty =
        JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build()
            .writeValueAsString(orders);
    Files.createDirectories(Path.of("target", "readme"));
    Files.writeString(Path.of("target", "readme", "actuator-metrics.txt"), metrics);
    Files.writeString(Path.of("target", "readme", "actuator-kitesql-orders.json"), pretty + "\n");

    var readme = Files.readAllLines(Path.of("README.md"));
    var readmeCommands = new ArrayList<String>();
    var readmeAnswers = new ArrayList<String>();
    for (int i = 0; i < readme.size() - 1; i++) {
      var command = CURL.matcher(readme.get(i));
      if (command.matches()
          && (command.group(1).startsWith("/actuator/metrics")
              || command.group(1).startsWith("/actuator/health"))) {
        readmeCommands.add(command.group(1));
        readmeAnswers.add(readme.get(i + 1));
      }
    }
    assertThat(readmeCommands).isEqualTo(METRICS_PATHS);
    for (int i = 0; i < answers.size(); i++) {
      assertThat(shape(JSON.readTree(readmeAnswers.get(i))))
          .as(METRICS_PATHS.get(i))
          .isEqualTo(shape(JSON.readTree(answers.get(i))));
    }
    var readmeOrders = jsonBlockWith(readme, "\"name\" : \"" + ORDERS_QUERY + "\"");
    assertThat(shape(JSON.readTree(readmeOrders))).isEqualTo(shape(orders));
  }

  /** The fenced JSON block of the README that holds {@code line}. */
  private static String jsonBlockWith(List<String> readme, String line) {
    int at =
        readme.indexOf(
            readme.stream()
                .filter(l -> l.contains(line))
                .findFirst()
                .orElseThrow(() -> new AssertionError("README.md has no block with " + line)));
    int start = at;
    while (!readme.get(start - 1).startsWith("```")) {
      start--;
    }
    int end = at;
    while (!readme.get(end).startsWith("```")) {
      end++;
    }
    return String.join("\n", readme.subList(start, end));
  }

  /**
   * What stays from run to run: fields, texts and arrays' lengths; numbers and the database path
   * go.
   */
  private static Object shape(JsonNode node) {
    if (node.isObject()) {
      var fields = new LinkedHashMap<String, Object>();
      for (var entry : node.properties()) {
        fields.put(
            entry.getKey(), entry.getKey().equals("path") ? "(path)" : shape(entry.getValue()));
      }
      return fields;
    }
    if (node.isArray()) {
      var items = new ArrayList<Object>();
      node.forEach(item -> items.add(shape(item)));
      return items;
    }
    return node.isNumber() ? "(number)" : node.asString();
  }
}
