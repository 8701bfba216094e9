package io.kitesql.boot.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The starter README's examples of output, kept equal to what a test produced. An example sits in
 * the README between {@code <!-- example: NAME -->} and {@code <!-- /example: NAME -->}, as a
 * fenced block. {@link #check} compares it with a test's fresh output, digits aside (timings, sizes
 * and temporary paths change from run to run; names, fields, statements and plans do not), so a
 * README example that is trimmed by hand or left behind by a change fails the build. Run the test
 * with {@code -Dkitesql.readme.update=true} to write the fresh output into the README.
 */
public final class ReadmeExamples {
  private static final Path README = Path.of("README.md");
  private static final Pattern DIGITS = Pattern.compile("[0-9]+");

  private ReadmeExamples() {}

  /**
   * Checks (or, with {@code kitesql.readme.update=true}, rewrites) the README's example {@code
   * name}.
   *
   * @param name the example's name in its markers
   * @param language the fenced block's language ({@code json}, {@code text})
   * @param output what the test produced, ending with a line break
   */
  public static void check(String name, String language, String output) throws IOException {
    var readme = Files.readString(README, StandardCharsets.UTF_8);
    var block =
        Pattern.compile(
            "(<!-- example: "
                + Pattern.quote(name)
                + " -->\n)```[a-z]*\n(.*?)```\n(<!-- /example: "
                + Pattern.quote(name)
                + " -->)",
            Pattern.DOTALL);
    Matcher found = block.matcher(readme);
    assertThat(found.find()).as("README.md has the example %s between its markers", name).isTrue();
    if (Boolean.getBoolean("kitesql.readme.update")) {
      var fresh = "$1```" + language + "\n" + Matcher.quoteReplacement(output) + "```\n$3";
      Files.writeString(README, found.replaceFirst(fresh), StandardCharsets.UTF_8);
      return;
    }
    assertThat(withoutDigits(found.group(2)))
        .as(
            "README.md's example %s is what the test produced (digits aside); run the test with"
                + " -Dkitesql.readme.update=true to write it",
            name)
        .isEqualTo(withoutDigits(output));
  }

  private static String withoutDigits(String text) {
    return DIGITS.matcher(text).replaceAll("0");
  }
}
