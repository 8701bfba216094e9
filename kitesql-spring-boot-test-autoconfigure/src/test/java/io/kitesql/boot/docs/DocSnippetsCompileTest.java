package io.kitesql.boot.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of the project's READMEs and docs compiles as a reader would paste
 * it: with its own imports only, against this module's test class path (the engine, the JDBC driver
 * and Flyway, Spring Data, the starter, this test slice, Spring MVC, Jackson): this module builds
 * after every module whose README shows code. A block is one of three shapes, taken in this order:
 *
 * <ul>
 *   <li>type declarations (records, classes, interfaces): each becomes a file of its own, with the
 *       block's imports, so that a block may show several public types;
 *   <li>class members (methods, fields): compiled inside a class;
 *   <li>statements: compiled inside a method that may throw.
 * </ul>
 *
 * Nothing is declared for a block: a variable it uses must be a parameter or a field it shows.
 */
class DocSnippetsCompileTest {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  private static final Pattern TYPE_START =
      Pattern.compile(
          "^(?:(?:public|final|abstract|sealed|non-sealed|static)\\s+)*(?:class|record|interface|enum|@interface)\\b");

  @TempDir Path classes;

  /** One markdown file's {@code ```java} block, with the line its fence is on. */
  record Snippet(Path file, int line, String code) {
    String name() {
      return ROOT.relativize(file) + ":" + line;
    }

    String packageName() {
      return "snippet."
          + ROOT.relativize(file).toString().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_")
          + "_"
          + line;
    }
  }

  @TestFactory
  Stream<DynamicTest> everyJavaBlockCompiles() {
    return snippets().stream().map(s -> DynamicTest.dynamicTest(s.name(), () -> assertCompiles(s)));
  }

  @Test
  void theBlocksAreFound() {
    var files =
        snippets().stream().map(s -> ROOT.relativize(s.file()).toString()).distinct().toList();
    assertThat(files)
        .contains("README.md", "kitesql-data/README.md", "kitesql-jdbc/README.md", "docs/sql.md");
  }

  @Test
  void aBlockWithoutItsImportFails(@TempDir Path docs) throws IOException {
    var md = docs.resolve("README.md");
    Files.writeString(md, "```java\nText note = null;\n```\n");
    var snippet = javaBlocks(md).getFirst();
    assertThat(compile(snippet))
        .anySatisfy(error -> assertThat(error).contains("cannot find symbol"));
  }

  private void assertCompiles(Snippet snippet) throws IOException {
    assertThat(compile(snippet)).as("compiling %s:%n%s", snippet.name(), snippet.code()).isEmpty();
  }

  /** The compiler's error messages for the block, empty when it compiles. */
  private List<String> compile(Snippet snippet) throws IOException {
    var split = Split.of(snippet.code());
    if (TYPE_START.matcher(split.firstCodeLine()).find() && !onlyTypes(split)) {
      return List.of(
          snippet.name()
              + ": a block that declares types may hold nothing else (put statements into a method)");
    }
    var files =
        TYPE_START.matcher(split.firstCodeLine()).find()
            ? typeFiles(snippet.packageName(), split)
            : List.of(
                source(
                    snippet.packageName(),
                    "Snippet",
                    split.imports()
                        + (parses(split.imports() + "class Snippet {\n" + split.body() + "\n}\n")
                            ? "class Snippet {\n" + split.body() + "\n}\n"
                            : "class Snippet {\nvoid snippet() throws Exception {\n"
                                + split.body()
                                + "\n}\n}\n")));
    var diagnostics = new DiagnosticCollector<JavaFileObject>();
    var out = new StringWriter();
    var options =
        List.of(
            "-proc:none",
            "-d",
            classes.toString(),
            "-classpath",
            System.getProperty("java.class.path"));
    var ok =
        ToolProvider.getSystemJavaCompiler()
            .getTask(out, null, diagnostics, options, null, files)
            .call();
    var errors =
        diagnostics.getDiagnostics().stream()
            .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
            .map(
                d ->
                    d.getSource().getName()
                        + ":"
                        + d.getLineNumber()
                        + ": "
                        + d.getMessage(Locale.ROOT))
            .toList();
    return ok && errors.isEmpty() ? List.of() : errors.isEmpty() ? List.of(out.toString()) : errors;
  }

  /** Each top-level type of the block in a file of its own, with the block's imports. */
  private static List<JavaFileObject> typeFiles(String packageName, Split split)
      throws IOException {
    var unit = source(packageName, "Snippet", split.imports() + split.body());
    var task =
        (JavacTask)
            ToolProvider.getSystemJavaCompiler()
                .getTask(null, null, d -> {}, List.of(), null, List.of(unit));
    CompilationUnitTree tree = task.parse().iterator().next();
    SourcePositions positions = Trees.instance(task).getSourcePositions();
    var text = unit.getCharContent(true).toString();
    var files = new ArrayList<JavaFileObject>();
    for (var type : tree.getTypeDecls()) {
      var name = ((com.sun.source.tree.ClassTree) type).getSimpleName().toString();
      var start = (int) positions.getStartPosition(tree, type);
      var end = (int) positions.getEndPosition(tree, type);
      files.add(source(packageName, name, split.imports() + text.substring(start, end) + "\n"));
    }
    return files;
  }

  /** Whether the block parses as a compilation unit of type declarations only. */
  private static boolean onlyTypes(Split split) {
    var diagnostics = new DiagnosticCollector<JavaFileObject>();
    var task =
        (JavacTask)
            ToolProvider.getSystemJavaCompiler()
                .getTask(
                    null,
                    null,
                    diagnostics,
                    List.of(),
                    null,
                    List.of(source("snippet", "Snippet", split.imports() + split.body())));
    try {
      var unit = task.parse().iterator().next();
      return diagnostics.getDiagnostics().stream()
              .noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR)
          && unit.getTypeDecls().stream().allMatch(t -> t instanceof com.sun.source.tree.ClassTree);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean parses(String code) {
    var diagnostics = new DiagnosticCollector<JavaFileObject>();
    var task =
        (JavacTask)
            ToolProvider.getSystemJavaCompiler()
                .getTask(
                    null,
                    null,
                    diagnostics,
                    List.of(),
                    null,
                    List.of(source("snippet", "Snippet", code)));
    try {
      task.parse();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return diagnostics.getDiagnostics().stream()
        .noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR);
  }

  private static JavaFileObject source(String packageName, String className, String code) {
    var uri = URI.create("string:///" + packageName.replace('.', '/') + "/" + className + ".java");
    var content = "package " + packageName + ";\n" + code;
    return new SimpleJavaFileObject(uri, JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return content;
      }
    };
  }

  /** A block's leading import lines and the code after them. */
  record Split(String imports, String body) {
    static Split of(String code) {
      var imports = new StringBuilder();
      var lines = code.lines().toList();
      int i = 0;
      for (;
          i < lines.size() && (lines.get(i).startsWith("import ") || lines.get(i).isBlank());
          i++) {
        imports.append(lines.get(i)).append('\n');
      }
      return new Split(imports.toString(), String.join("\n", lines.subList(i, lines.size())));
    }

    /** The first line that is not an annotation or a comment. */
    String firstCodeLine() {
      return body.lines()
          .map(String::strip)
          .filter(
              l ->
                  !l.isEmpty()
                      && !l.startsWith("@")
                      && !l.startsWith("//")
                      && !l.startsWith("/*")
                      && !l.startsWith("*"))
          .findFirst()
          .orElse("");
    }
  }

  /** The READMEs and docs of the repository, without build output. */
  private static List<Snippet> snippets() {
    try (var paths = Files.walk(ROOT)) {
      return paths
          .filter(p -> p.getFileName().toString().endsWith(".md"))
          .filter(
              p ->
                  p.getFileName().toString().equals("README.md")
                      || ROOT.relativize(p).startsWith("docs"))
          .filter(
              p ->
                  !ROOT.relativize(p).toString().contains("target/")
                      && !ROOT.relativize(p).startsWith(".git"))
          .sorted()
          .flatMap(p -> javaBlocks(p).stream())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Snippet> javaBlocks(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    var blocks = new ArrayList<Snippet>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals("```java")) {
        int start = i;
        var code = new StringBuilder();
        while (++i < lines.size() && !lines.get(i).strip().startsWith("```")) {
          code.append(lines.get(i)).append('\n');
        }
        blocks.add(new Snippet(file, start + 1, code.toString()));
      }
    }
    return blocks;
  }
}
