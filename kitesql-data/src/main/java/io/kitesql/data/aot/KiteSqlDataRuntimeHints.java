package io.kitesql.data.aot;

import io.kitesql.data.repository.support.KiteSqlRepositoryFactory;
import io.kitesql.data.repository.support.KiteSqlRepositoryFactoryBean;
import io.kitesql.data.repository.support.SimpleKiteSqlRepository;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;

/**
 * The runtime hints of KiteSQL itself for a GraalVM native image, registered through {@code
 * META-INF/spring/aot.factories}: LMDB's native library (a class-path resource the storage binding
 * extracts and loads), the fields the engine reaches through {@code VarHandle}s and the method
 * handle it makes when the library is unavailable, and the repository classes Spring Data makes
 * reflectively. Application types (entities, projections, DTOs) get theirs per repository from
 * {@link KiteSqlRepositoryRegistrationAotProcessor}.
 *
 * <p>Spring's {@link RuntimeHints} has no hint for {@code java.lang.foreign} downcalls: a native
 * image also needs the storage binding's downcall descriptors in GraalVM's reachability metadata
 * ({@code foreign.downcalls}); the module's README lists them.
 */
public class KiteSqlDataRuntimeHints implements RuntimeHintsRegistrar {
  /** The class-path directory of LMDB's native library, one file per platform. */
  static final String NATIVE_LIBRARIES = "org/lmdbjava/native/*";

  @Override
  public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
    hints.resources().registerPattern(NATIVE_LIBRARIES);
    var reflection = hints.reflection();
    reflection.registerType(
        TypeReference.of("io.kitesql.storage.lmdb.NativeBinding"),
        type ->
            type.withMethod(
                "unavailable", List.of(TypeReference.of(Throwable.class)), ExecutableMode.INVOKE));
    varHandleField(hints, "io.kitesql.value.Scope", "lent");
    varHandleField(hints, "io.kitesql.value.CharCursor", "position");
    varHandleField(hints, "io.kitesql.api.RowCursor", "state");
    varHandleField(hints, "io.kitesql.storage.ReadCursor", "busy");
    varHandleField(hints, "io.kitesql.storage.HandOff", "claim");
    reflection.registerType(
        KiteSqlRepositoryFactoryBean.class,
        MemberCategory.INVOKE_DECLARED_CONSTRUCTORS,
        MemberCategory.INVOKE_PUBLIC_METHODS);
    reflection.registerType(
        KiteSqlRepositoryFactory.class, MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
    reflection.registerType(
        SimpleKiteSqlRepository.class,
        MemberCategory.INVOKE_DECLARED_CONSTRUCTORS,
        MemberCategory.INVOKE_PUBLIC_METHODS);
  }

  private static void varHandleField(RuntimeHints hints, String type, String field) {
    hints.reflection().registerType(TypeReference.of(type), hint -> hint.withField(field));
  }
}
