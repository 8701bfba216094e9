package com.example.portability;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A private PostgreSQL cluster for the test run: {@code initdb} in a temporary directory, a server on
 * a free loopback port (trust authentication, user {@code postgres}, no fsync), stopped and deleted
 * when the run ends. Uses the installed server binaries ({@code KITESQL_PG_BINDIR}, else
 * {@code pg_config --bindir}, else the newest {@code /usr/lib/postgresql/N/bin}). {@code initdb}
 * refuses to run as root, so as root the server runs as the {@code postgres} user through
 * {@code runuser}. Without binaries the tests are skipped, unless {@code KITESQL_REQUIRE_POSTGRES} is
 * set (CI sets it): then they fail.
 */
public final class PrivatePostgres implements BeforeAllCallback {
  static final String REQUIRE = "KITESQL_REQUIRE_POSTGRES";
  private static volatile Server server;

  /** The JDBC URL of the running cluster; the extension must have started it. */
  public static String jdbcUrl() {
    var running = server;
    if (running == null) {
      throw new IllegalStateException("no PostgreSQL cluster: annotate the test class with @ExtendWith(PrivatePostgres.class)");
    }
    return "jdbc:postgresql://127.0.0.1:" + running.port() + "/postgres";
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    var store = context.getRoot().getStore(ExtensionContext.Namespace.create(PrivatePostgres.class));
    server = store.computeIfAbsent(Server.class, key -> Server.start(), Server.class);
  }

  /** A running cluster; closing it stops the server and deletes its directory. */
  record Server(Path binaries, Path directory, int port, List<String> asUser) implements AutoCloseable {

    static Server start() {
      var binaries = findBinaries();
      try {
        var directory = Files.createTempDirectory("kitesql-postgres-");
        var asUser = new ArrayList<String>();
        if (new UnixSystem().getUid() == 0) {
          // initdb: "cannot be run as root"; the cluster belongs to the postgres user instead
          var postgres = directory.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
          Files.setOwner(directory, postgres);
          asUser.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        var started = new Server(binaries, directory, freeLoopbackPort(), List.copyOf(asUser));
        try {
          started.run("initdb", "-D", started.data(), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C");
          started.run("pg_ctl", "-D", started.data(), "-l", directory.resolve("server.log").toString(), "-w", "-t", "60",
              "-o", "-p " + started.port + " -k " + directory + " -c listen_addresses=127.0.0.1 -c fsync=off", "start");
        } catch (RuntimeException e) {
          try {
            started.close(); // stops a server that did start, and deletes the directory
          } catch (RuntimeException | IOException cleanup) {
            e.addSuppressed(cleanup);
          }
          throw e;
        }
        return started;
      } catch (IOException e) {
        throw new UncheckedIOException("could not set up a PostgreSQL cluster", e);
      }
    }

    private String data() {
      return directory.resolve("data").toString();
    }

    @Override
    public void close() throws IOException {
      try {
        run("pg_ctl", "-D", data(), "-m", "fast", "-w", "stop");
      } finally {
        try (var files = Files.walk(directory)) {
          files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
      }
    }

    private void run(String program, String... args) {
      var command = new ArrayList<>(asUser);
      command.add(binaries.resolve(program).toString());
      command.addAll(List.of(args));
      try {
        var process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
          process.destroyForcibly();
          var log = directory.resolve("server.log");
          var serverLog = Files.isReadable(log) ? Files.readString(log) : "";
          throw new IllegalStateException("PostgreSQL: " + String.join(" ", command) + " failed:\n" + output + serverLog);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("PostgreSQL: could not run " + String.join(" ", command), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while running " + program, e);
      }
    }
  }

  private static Path findBinaries() {
    var found = Optional.ofNullable(System.getenv("KITESQL_PG_BINDIR")).map(Path::of)
        .or(PrivatePostgres::pgConfigBinDir)
        .or(PrivatePostgres::debianBinDir)
        .filter(dir -> Files.isExecutable(dir.resolve("initdb")) && Files.isExecutable(dir.resolve("pg_ctl")));
    if (found.isPresent()) {
      return found.get();
    }
    var message = "no PostgreSQL server binaries (initdb, pg_ctl): not in KITESQL_PG_BINDIR, `pg_config --bindir`"
        + " or /usr/lib/postgresql/*/bin. Install them (Debian: apt-get install postgresql) to run the portability tests.";
    if (System.getenv(REQUIRE) != null) {
      throw new IllegalStateException(REQUIRE + " is set, but there are " + message);
    }
    return Assumptions.abort("skipped: " + message);
  }

  private static Optional<Path> pgConfigBinDir() {
    try {
      var process = new ProcessBuilder("pg_config", "--bindir").redirectErrorStream(true).start();
      var out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return process.waitFor() == 0 && !out.isEmpty() ? Optional.of(Path.of(out)) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty(); // no pg_config on the PATH
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  private static Optional<Path> debianBinDir() {
    var versions = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(versions)) {
      return Optional.empty();
    }
    try (Stream<Path> dirs = Files.list(versions)) {
      return dirs.map(v -> v.resolve("bin"))
          .filter(bin -> Files.isExecutable(bin.resolve("initdb")))
          .max(Comparator.comparingInt(bin -> majorVersion(bin.getParent().getFileName().toString())));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static int majorVersion(String name) {
    return name.chars().allMatch(Character::isDigit) && !name.isEmpty() ? Integer.parseInt(name) : -1;
  }

  private static int freeLoopbackPort() throws IOException {
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
