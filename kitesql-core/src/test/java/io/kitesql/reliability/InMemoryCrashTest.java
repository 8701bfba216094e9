package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An in-memory database leaves nothing behind when its JVM is killed with SIGKILL. */
class InMemoryCrashTest {
  @TempDir Path work;

  @Test
  void aKilledJvmLeavesNoFiles() throws Exception {
    var child = ChildJvm.start(work, InMemoryHolderMain.class, "4");
    child.awaitOutput("open ");
    var dataFile = Path.of(child.stdout().strip().substring("open ".length()));
    var base = dataFile.getParent().getParent();
    var prefix = "kitesql-mem-" + child.process().pid() + "-";
    assertThat(dataFile.getParent().getFileName().toString()).startsWith(prefix);
    child.kill();
    assertThat(child.process().isAlive()).isFalse();
    assertThat(dataFile.getParent()).doesNotExist();
    try (Stream<Path> entries = Files.list(base)) {
      assertThat(
              entries.map(p -> p.getFileName().toString()).filter(name -> name.startsWith(prefix)))
          .as("nothing of the killed process in %s", base)
          .isEmpty();
    }
  }
}
