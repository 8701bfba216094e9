package io.kitesql.data.aot;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.repository.support.KiteSqlRepositoryFactoryBean;
import io.kitesql.data.repository.support.SimpleKiteSqlRepository;
import io.kitesql.data.results.Article;
import io.kitesql.data.results.ArticleCountView;
import io.kitesql.data.results.ArticleRepository;
import io.kitesql.data.results.ArticleStats;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.data.repository.config.AotRepositoryInformation;
import org.springframework.data.repository.core.support.AbstractRepositoryMetadata;

class KiteSqlRuntimeHintsTest {
  private final RuntimeHints hints = new RuntimeHints();

  @Test
  void registeredThroughAotFactories() {
    assertThat(AotServices.factories().load(RuntimeHintsRegistrar.class))
        .hasAtLeastOneElementOfType(KiteSqlDataRuntimeHints.class);
  }

  @Test
  void everyNativeLibraryOnTheClassPathIsAResource() throws Exception {
    new KiteSqlDataRuntimeHints().registerHints(hints, getClass().getClassLoader());
    var libraries =
        new PathMatchingResourcePatternResolver()
            .getResources("classpath*:org/lmdbjava/native/*.so");
    assertThat(libraries).isNotEmpty();
    for (var library : libraries) {
      assertThat(
              RuntimeHintsPredicates.resource()
                  .forResource("org/lmdbjava/native/" + library.getFilename()))
          .accepts(hints);
    }
    assertThat(
            RuntimeHintsPredicates.resource().forResource("org/lmdbjava/other/x86_64-linux-gnu.so"))
        .rejects(hints);
  }

  @Test
  void theEngineMembersReachedReflectivelyAreRegistered() throws Exception {
    new KiteSqlDataRuntimeHints().registerHints(hints, getClass().getClassLoader());
    var binding = Class.forName("io.kitesql.storage.lmdb.NativeBinding");
    assertThat(
            RuntimeHintsPredicates.reflection()
                .onMethodInvocation(binding.getDeclaredMethod("unavailable", Throwable.class)))
        .accepts(hints);
    // the fields the engine makes VarHandles of: a renamed field fails here, not in a native image
    for (var field :
        new String[] {
          "io.kitesql.value.Scope#lent",
          "io.kitesql.value.CharCursor#position",
          "io.kitesql.api.RowCursor#state",
          "io.kitesql.storage.ReadCursor#busy",
          "io.kitesql.storage.HandOff#claim"
        }) {
      var parts = field.split("#");
      assertThat(
              RuntimeHintsPredicates.reflection()
                  .onFieldAccess(Class.forName(parts[0]).getDeclaredField(parts[1])))
          .accepts(hints);
    }
    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(SimpleKiteSqlRepository.class)
                .withMemberCategories(
                    MemberCategory.INVOKE_DECLARED_CONSTRUCTORS,
                    MemberCategory.INVOKE_PUBLIC_METHODS))
        .accepts(hints);
    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(KiteSqlRepositoryFactoryBean.class)
                .withMemberCategory(MemberCategory.INVOKE_PUBLIC_METHODS))
        .accepts(hints);
  }

  @Test
  void queryResultTypesOfARepository() {
    var information =
        new AotRepositoryInformation(
            AbstractRepositoryMetadata.getMetadata(ArticleRepository.class),
            SimpleKiteSqlRepository.class,
            List.of());
    KiteSqlRepositoryRegistrationAotProcessor.registerResultTypes(information, hints);

    // an interface projection is a JDK proxy of the interface alone, its getters called
    // reflectively
    assertThat(RuntimeHintsPredicates.proxies().forInterfaces(ArticleCountView.class))
        .accepts(hints);
    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(ArticleCountView.class)
                .withMemberCategory(MemberCategory.INVOKE_PUBLIC_METHODS))
        .accepts(hints);
    // a DTO and the entity are made through their constructors
    for (var type : new Class<?>[] {ArticleStats.class, Article.class}) {
      assertThat(
              RuntimeHintsPredicates.reflection()
                  .onType(type)
                  .withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS))
          .accepts(hints);
      assertThat(
              Arrays.stream(type.getDeclaredConstructors())
                  .allMatch(
                      c ->
                          RuntimeHintsPredicates.reflection()
                              .onConstructorInvocation(c)
                              .test(hints)))
          .isTrue();
    }
  }
}
