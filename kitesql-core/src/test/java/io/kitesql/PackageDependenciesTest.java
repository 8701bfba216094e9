package io.kitesql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering the package-infos promise, checked against the code: every package of the engine
 * states in its {@code package-info.java} what it depends on ("Depends on {@code a}, {@code b} …"),
 * and no source file of the package uses anything else of the engine, or JSqlParser unless the
 * sentence names it. The modules built on the engine (the JDBC driver, Flyway, Liquibase, the
 * Spring modules, the sample app) use only its public API, and call neither {@code
 * Database.storage()} nor {@code Database.catalog()}.
 *
 * <p>Dependencies are read from the source text: imports and fully qualified names in code
 * (comments and string literals are left out). That is what a reader sees, and what javac would
 * need; a dependency through reflection would not be found, and the engine uses none.
 */
class PackageDependenciesTest {
  private static final Path ROOT = Path.of("src/main/java/io/kitesql");
  private static final String JSQLPARSER = "JSqlParser";
  private static final String LMDB_BINDING = "storage.lmdb";

  /** What every module outside the engine may use: the errors, the API, values and options. */
  static final Set<String> PUBLIC_API = Set.of("", "api", "value", "options");

  private static final List<String> MODULES_ON_THE_ENGINE =
      List.of(
          "kitesql-jdbc",
          "kitesql-flyway",
          "kitesql-liquibase",
          "kitesql-shell",
          "kitesql-spring-data-jdbc",
          "kitesql-data",
          "kitesql-spring-boot-starter",
          "kitesql-spring-boot-test-autoconfigure",
          "sample-app");

  /**
   * Database's accessors of engine types, public for the engine's own tests and benchmarks only.
   */
  private static final Pattern INTERNAL_ACCESSORS = Pattern.compile("\\.(storage|catalog)\\(\\)");

  private static final Pattern ENGINE_NAME =
      Pattern.compile("\\bio\\.kitesql\\.((?:[a-z][a-z0-9]*\\.)*)[A-Z]");
  private static final Pattern CODE_TAG =
      Pattern.compile("\\{@code\\s+(?:io\\.kitesql\\.)?([a-z][a-z0-9.]*)\\s*}");

  @Test
  void everyPackageStatesWhatItDependsOn() {
    for (var pkg : packages()) {
      assertFalse(
          rule(pkg).isEmpty(),
          () -> "package-info.java of " + name(pkg) + " has no \"Depends on …\" sentence");
    }
  }

  @Test
  void everyPackageDependsOnlyOnWhatItStates() {
    var broken = new TreeMap<String, Set<String>>();
    for (var pkg : packages()) {
      var allowed = allowed(pkg);
      for (var file : javaFiles(pkg, false)) {
        for (var used : dependencies(file)) {
          if (!used.equals(pkg) && !allowed.contains(used)) {
            broken
                .computeIfAbsent(name(pkg) + " -> " + name(used), k -> new TreeSet<>())
                .add(file.getFileName().toString());
          }
        }
      }
    }
    assertEquals(
        Map.of(), broken, "uses that the package-info does not state (package -> used: files)");
  }

  @Test
  void theStatedLayersFormNoCycle() {
    var edges = new TreeMap<String, Set<String>>();
    for (var pkg : packages()) {
      var targets = new TreeSet<>(allowed(pkg));
      targets.remove(JSQLPARSER);
      targets.remove("");
      targets.remove(pkg);
      edges.put(pkg, targets);
    }
    for (var start : edges.keySet()) {
      var seen = new TreeSet<String>();
      var stack = new ArrayList<>(edges.get(start));
      while (!stack.isEmpty()) {
        var next = stack.removeLast();
        assertFalse(
            next.equals(start), () -> "the package-infos state a cycle through " + name(start));
        if (seen.add(next)) {
          stack.addAll(edges.getOrDefault(next, Set.of()));
        }
      }
    }
  }

  @Test
  void modulesOnTheEngineUseOnlyItsPublicApi() {
    var broken = new TreeMap<String, Set<String>>();
    for (var module : MODULES_ON_THE_ENGINE) {
      var sources = Path.of("..", module, "src", "main", "java");
      assertTrue(
          Files.isDirectory(sources),
          () -> sources + " is missing: the module list here is out of date");
      for (var file : javaFiles(sources, true)) {
        for (var used : dependencies(file)) {
          if (isEnginePackage(used) && !PUBLIC_API.contains(used)) {
            broken
                .computeIfAbsent(module + " -> " + name(used), k -> new TreeSet<>())
                .add(file.getFileName().toString());
          }
        }
        var internals = INTERNAL_ACCESSORS.matcher(withoutCommentsAndStrings(read(file)));
        while (internals.find()) {
          broken
              .computeIfAbsent(module + " -> Database" + internals.group(), k -> new TreeSet<>())
              .add(file.getFileName().toString());
        }
      }
    }
    assertEquals(
        Map.of(), broken, "modules using the engine's internals (module -> package: files)");
  }

  /**
   * The LMDB binding is the storage's own: no package outside {@code io.kitesql.storage} uses it,
   * or names it in its "Depends on …" sentence.
   */
  @Test
  void onlyTheStorageUsesTheLmdbBinding() {
    var users = new TreeSet<String>();
    for (var pkg : packages()) {
      if (pkg.equals("storage") || pkg.startsWith("storage.")) {
        continue;
      }
      if (rule(pkg).contains(LMDB_BINDING)) {
        users.add(name(pkg) + " (package-info)");
      }
      for (var file : javaFiles(pkg, false)) {
        if (dependencies(file).contains(LMDB_BINDING)) {
          users.add(name(pkg) + " (" + file.getFileName() + ")");
        }
      }
    }
    assertEquals(Set.of(), users, "packages outside the storage using its LMDB binding");
  }

  /**
   * Nor does the storage hand an LMDB type out: no public or protected member of a public class of
   * {@code io.kitesql.storage} names one in its signature.
   */
  @Test
  void noPublicStorageSignatureNamesAnLmdbType() throws ClassNotFoundException {
    var leaks = new TreeSet<String>();
    for (var file : javaFiles("storage", false)) {
      var simpleName = file.getFileName().toString().replace(".java", "");
      if (simpleName.equals("package-info")) {
        continue;
      }
      var type =
          Class.forName("io.kitesql.storage." + simpleName, false, getClass().getClassLoader());
      if (!Modifier.isPublic(type.getModifiers())) {
        continue;
      }
      for (var member : exposed(type)) {
        var lmdbTypes =
            member.types().stream().filter(PackageDependenciesTest::isLmdbType).toList();
        if (!lmdbTypes.isEmpty()) {
          leaks.add(simpleName + "." + member.name() + " " + lmdbTypes);
        }
      }
    }
    assertEquals(Set.of(), leaks, "public storage members whose signature names an LMDB type");
  }

  private record Exposed(String name, List<Class<?>> types) {}

  /** The public and protected members of {@code type} with the types their signatures name. */
  private static List<Exposed> exposed(Class<?> type) {
    var members = new ArrayList<Exposed>();
    for (var m : type.getDeclaredMethods()) {
      if (isExposed(m.getModifiers())) {
        var types = new ArrayList<Class<?>>(List.of(m.getParameterTypes()));
        types.add(m.getReturnType());
        types.addAll(List.of(m.getExceptionTypes()));
        members.add(new Exposed(m.getName(), types));
      }
    }
    for (var c : type.getDeclaredConstructors()) {
      if (isExposed(c.getModifiers())) {
        members.add(new Exposed("<init>", List.of(c.getParameterTypes())));
      }
    }
    for (var f : type.getDeclaredFields()) {
      if (isExposed(f.getModifiers())) {
        members.add(new Exposed(f.getName(), List.of(f.getType())));
      }
    }
    return members;
  }

  private static boolean isExposed(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static boolean isLmdbType(Class<?> type) {
    var element = type.isArray() ? type.componentType() : type;
    return element.getPackageName().equals("io.kitesql." + LMDB_BINDING);
  }

  /** The packages of the engine: every directory under io/kitesql holding Java sources. */
  private static List<String> packages() {
    try (Stream<Path> dirs = Files.walk(ROOT)) {
      return dirs.filter(Files::isDirectory)
          .filter(d -> !javaFiles(d, false).isEmpty())
          .map(d -> ROOT.relativize(d).toString().replace('/', '.'))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean isEnginePackage(String used) {
    var top = used.contains(".") ? used.substring(0, used.indexOf('.')) : used;
    return used.isEmpty() || Files.isDirectory(ROOT.resolve(top));
  }

  /** The "Depends on …" sentence of {@code pkg}'s package-info, or empty. */
  private static String rule(String pkg) {
    var info = directory(pkg).resolve("package-info.java");
    if (!Files.exists(info)) {
      return "";
    }
    var text = read(info).replaceAll("(?m)^\\s*/?\\*+/?", " ").replaceAll("\\s+", " ");
    int start = text.indexOf("Depends on ");
    if (start < 0) {
      return "";
    }
    int depth = 0;
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      depth += c == '{' ? 1 : c == '}' ? -1 : 0;
      if (depth == 0
          && (c == ';' || (c == '.' && (i + 1 == text.length() || text.charAt(i + 1) == ' ')))) {
        return text.substring(start, i);
      }
    }
    return text.substring(start);
  }

  /**
   * The packages {@code pkg} may use: those its rule names, JSqlParser if named, the root package.
   */
  static Set<String> allowed(String pkg) {
    var rule = rule(pkg);
    var allowed = new TreeSet<String>();
    allowed.add("");
    if (rule.contains("every stage below it")) {
      allowed.addAll(packages());
      allowed.add(JSQLPARSER);
    }
    if (rule.contains(JSQLPARSER)) {
      allowed.add(JSQLPARSER);
    }
    var names = CODE_TAG.matcher(rule);
    while (names.find()) {
      allowed.add(names.group(1));
    }
    return allowed;
  }

  /** The engine packages (and JSqlParser) that {@code file} names in code. */
  static Set<String> dependencies(Path file) {
    var code = withoutCommentsAndStrings(read(file));
    var used = new TreeSet<String>();
    var names = ENGINE_NAME.matcher(code);
    while (names.find()) {
      var pkg = names.group(1);
      used.add(pkg.isEmpty() ? "" : pkg.substring(0, pkg.length() - 1));
    }
    if (code.contains("net.sf.jsqlparser")) {
      used.add(JSQLPARSER);
    }
    return used;
  }

  /** {@code source} with comments, string and character literals blanked out. */
  static String withoutCommentsAndStrings(String source) {
    var out = new StringBuilder(source.length());
    int i = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '/' && i + 1 < source.length() && source.charAt(i + 1) == '/') {
        i = source.indexOf('\n', i) < 0 ? source.length() : source.indexOf('\n', i);
      } else if (c == '/' && i + 1 < source.length() && source.charAt(i + 1) == '*') {
        int end = source.indexOf("*/", i + 2);
        i = end < 0 ? source.length() : end + 2;
        out.append(' ');
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        i = end < 0 ? source.length() : end + 3;
        out.append("\"\"");
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < source.length() && source.charAt(j) != c) {
          j += source.charAt(j) == '\\' ? 2 : 1;
        }
        i = j + 1;
        out.append(c).append(c);
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static List<Path> javaFiles(String pkg, boolean recursive) {
    return javaFiles(directory(pkg), recursive);
  }

  private static List<Path> javaFiles(Path dir, boolean recursive) {
    try (Stream<Path> files = recursive ? Files.walk(dir) : Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path directory(String pkg) {
    return pkg.isEmpty() ? ROOT : ROOT.resolve(pkg.replace('.', '/'));
  }

  private static String name(String pkg) {
    return pkg.equals(JSQLPARSER) ? pkg : pkg.isEmpty() ? "io.kitesql" : "io.kitesql." + pkg;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
