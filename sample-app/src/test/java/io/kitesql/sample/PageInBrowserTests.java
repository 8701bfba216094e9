package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kitesql.sample.threads.DiscussionThread;
import io.kitesql.sample.threads.DiscussionThreadRepository;
import io.kitesql.sample.threads.Post;
import io.kitesql.sample.threads.PostRepository;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The page at {@code /} in a real headless Chromium (Debian's {@code chromium} package): its DOM
 * after the scripts ran holds the thread's tree and the figures of the request that fetched it, and
 * a message and no figures for a thread that is no number or does not exist; a screenshot has ink
 * where the tree and the figures are. Without Chromium the test is skipped, unless the environment
 * variable {@code KITESQL_REQUIRE_BROWSER} is set ({@code .ci/run} sets it after installing
 * Chromium): then it fails.
 */
class PageInBrowserTests extends SampleAppHttpTest {
  private static final List<String> CHROMIUM_CANDIDATES =
      List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");

  @Autowired DiscussionThreadRepository threads;
  @Autowired PostRepository posts;

  private static @Nullable Path chromium() {
    return CHROMIUM_CANDIDATES.stream()
        .map(Path::of)
        .filter(Files::isExecutable)
        .findFirst()
        .orElse(null);
  }

  private static String run(Path chromium, String... arguments)
      throws IOException, InterruptedException {
    var command =
        new ArrayList<>(
            List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--virtual-time-budget=15000"));
    command.addAll(List.of(arguments));
    var process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    var out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("chromium finished").isTrue();
    return out;
  }

  @Test
  void thePageShowsTheTreeAndTheFigures() throws Exception {
    var chromium = chromium();
    boolean required = System.getenv("KITESQL_REQUIRE_BROWSER") != null;
    if (!required) {
      assumeTrue(
          chromium != null,
          "no Chromium installed (apt-get install chromium); .ci/run installs it");
    }
    assertThat(chromium).as("Chromium, required by KITESQL_REQUIRE_BROWSER").isNotNull();

    long threadId = threads.save(new DiscussionThread(null, "Seen in a browser")).id();
    long root =
        posts.save(new Post(null, threadId, null, "ada", "Kites at dawn <b>not bold</b>")).id();
    long reply = posts.save(new Post(null, threadId, root, "bob", "Bring spare string ✈")).id();
    posts.save(new Post(null, threadId, reply, "cyd", "And a reel")).id();
    posts.save(new Post(null, threadId, null, "eve", "x".repeat(5000)));
    String url = "http://localhost:" + port + "/?thread=" + threadId;

    String dom = run(chromium, "--dump-dom", url);

    assertThat(dom).contains("data-state=\"ready\"").contains("Seen in a browser (4 posts)");
    // the tree: nested lists in the order of the replies, the markup in a body shown as text
    assertThat(dom)
        .containsSubsequence(
            "ada",
            "Kites at dawn &lt;b&gt;not bold&lt;/b&gt;",
            "class=\"replies\"",
            "bob",
            "Bring spare string ✈",
            "class=\"replies\"",
            "cyd",
            "And a reel",
            "eve");
    assertThat(dom).contains("x".repeat(400) + "…").doesNotContain("x".repeat(401));
    // the figures of this request: numbers, not the placeholder; 4 posts
    for (var figure : List.of("latency", "allocated", "map-bytes", "posts", "json-bytes")) {
      assertThat(figure(dom, figure)).as(figure).matches("[0-9][0-9,.]*( ms| B)?");
    }
    assertThat(figure(dom, "posts")).isEqualTo("4");
    assertThat(dom)
        .contains("What the request for thread " + threadId + "'s tree cost on the server");

    var screenshot = Path.of("target", "sample-page.png").toAbsolutePath();
    Files.deleteIfExists(screenshot);
    run(chromium, "--window-size=1200,800", "--screenshot=" + screenshot, url);
    BufferedImage image = ImageIO.read(screenshot.toFile());
    assertThat(image).as("screenshot " + screenshot).isNotNull();
    // the tree column (left) and the figures column (right) both have text on them
    assertThat(inkShare(image, 0.02, 0.6)).as("ink in the tree column").isGreaterThan(0.005);
    assertThat(inkShare(image, 0.75, 0.98)).as("ink in the figures column").isGreaterThan(0.005);
  }

  private static String figure(String dom, String id) {
    var matcher = Pattern.compile("id=\"" + id + "\">([^<]*)<").matcher(dom);
    assertThat(matcher.find()).as(id).isTrue();
    return matcher.group(1);
  }

  @Test
  void aThreadThatIsNoNumberOrDoesNotExistGetsAMessageAndNoFigures() throws Exception {
    var chromium = chromium();
    if (System.getenv("KITESQL_REQUIRE_BROWSER") == null) {
      assumeTrue(
          chromium != null,
          "no Chromium installed (apt-get install chromium); .ci/run installs it");
    }
    assertThat(chromium).as("Chromium, required by KITESQL_REQUIRE_BROWSER").isNotNull();

    String notANumber = run(chromium, "--dump-dom", "http://localhost:" + port + "/?thread=abc");
    assertThat(notANumber)
        .contains("data-state=\"ready\"")
        .contains("\"abc\" is not a thread number: threads are numbered 1, 2, 3, …")
        .contains("No figures: the request did not return a tree.");
    String unknown = run(chromium, "--dump-dom", "http://localhost:" + port + "/?thread=987654321");
    assertThat(unknown)
        .contains("data-state=\"ready\"")
        .contains("There is no thread 987654321.")
        .contains("No figures: the request did not return a tree.");
    for (var dom : List.of(notANumber, unknown)) {
      for (var id : List.of("latency", "allocated", "map-bytes", "posts", "json-bytes")) {
        assertThat(figure(dom, id)).as(id).isEqualTo("–");
      }
    }
  }

  /**
   * The share of dark pixels between the horizontal fractions {@code from} and {@code to}, below
   * the heading.
   */
  private static double inkShare(BufferedImage image, double from, double to) {
    int dark = 0;
    int all = 0;
    for (int x = (int) (image.getWidth() * from); x < (int) (image.getWidth() * to); x++) {
      for (int y = image.getHeight() / 6; y < image.getHeight(); y++) {
        int rgb = image.getRGB(x, y);
        int luminance = ((rgb >> 16 & 0xFF) + (rgb >> 8 & 0xFF) + (rgb & 0xFF)) / 3;
        dark += luminance < 128 ? 1 : 0;
        all++;
      }
    }
    return (double) dark / all;
  }
}
