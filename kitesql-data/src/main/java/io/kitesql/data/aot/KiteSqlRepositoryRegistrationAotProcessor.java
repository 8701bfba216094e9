package io.kitesql.data.aot;

import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlCustomConversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.generate.GenerationContext;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.PropertiesLoaderUtils;
import org.springframework.data.repository.aot.generate.RepositoryContributor;
import org.springframework.data.repository.config.AotRepositoryContext;
import org.springframework.data.repository.config.RepositoryRegistrationAotProcessor;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.support.PropertiesBasedNamedQueries;

/**
 * Spring AOT's processing of each KiteSQL repository bean: besides Spring Data's own hints, the
 * reflection and proxy hints KiteSQL's mapping needs for what the query methods return (an
 * interface projection is a JDK proxy; a DTO is made through its constructor), and the repository's
 * query methods generated as source ({@link KiteSqlRepositoryContributor}) unless {@code
 * spring.aot.repositories.enabled} or {@code spring.aot.kitesql.repositories.enabled} is {@code
 * false}.
 */
public class KiteSqlRepositoryRegistrationAotProcessor extends RepositoryRegistrationAotProcessor {
  /** The module name of {@code spring.aot.kitesql.repositories.enabled}. */
  public static final String MODULE = "kitesql";

  private static final String DEFAULT_NAMED_QUERIES =
      "classpath*:META-INF/kitesql-named-queries.properties";

  @Override
  protected @Nullable RepositoryContributor contributeAotRepository(
      AotRepositoryContext repositoryContext) {
    if (!repositoryContext.isGeneratedRepositoriesEnabled(MODULE)) {
      return null;
    }
    var beanFactory = repositoryContext.getBeanFactory();
    var mappingContext =
        beanFactory
            .getBeanProvider(KiteSqlMappingContext.class)
            .getIfAvailable(KiteSqlMappingContext::new);
    var custom =
        beanFactory
            .getBeanProvider(KiteSqlCustomConversions.class)
            .getIfAvailable(KiteSqlCustomConversions::none);
    var location =
        repositoryContext
            .getConfigurationSource()
            .getNamedQueryLocation()
            .orElse(DEFAULT_NAMED_QUERIES);
    return new KiteSqlRepositoryContributor(
        repositoryContext,
        mappingContext,
        new Conversions(custom),
        new PropertiesBasedNamedQueries(
            namedQueries(location, repositoryContext.getRequiredClassLoader())));
  }

  @Override
  protected void configureTypeContributions(
      AotRepositoryContext repositoryContext, GenerationContext generationContext) {
    super.configureTypeContributions(repositoryContext, generationContext);
    registerResultTypes(
        repositoryContext.getRepositoryInformation(), generationContext.getRuntimeHints());
  }

  /**
   * Hints for the entity and every type a query method returns: KiteSQL reads rows into entities
   * and DTOs through their constructors and properties, and into interface projections through a
   * JDK proxy of the interface alone.
   */
  static void registerResultTypes(RepositoryInformation information, RuntimeHints hints) {
    var types = new java.util.LinkedHashSet<Class<?>>();
    types.add(information.getDomainType());
    information
        .getQueryMethods()
        .forEach(method -> types.add(information.getReturnedDomainClass(method)));
    for (var type : types) {
      if (type.isPrimitive() || type.isArray() || type.getName().startsWith("java.")) {
        continue;
      }
      if (type.isInterface()) {
        hints.proxies().registerJdkProxy(type);
        hints.reflection().registerType(type, MemberCategory.INVOKE_PUBLIC_METHODS);
      } else {
        hints
            .reflection()
            .registerType(
                type,
                MemberCategory.INVOKE_DECLARED_CONSTRUCTORS,
                MemberCategory.INVOKE_DECLARED_METHODS,
                MemberCategory.ACCESS_DECLARED_FIELDS);
      }
    }
  }

  private static Properties namedQueries(String location, ClassLoader classLoader) {
    var properties = new Properties();
    try {
      for (var resource :
          new PathMatchingResourcePatternResolver(classLoader).getResources(location)) {
        PropertiesLoaderUtils.fillProperties(properties, resource);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the named queries of " + location, e);
    }
    return properties;
  }
}
