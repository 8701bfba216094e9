package io.kitesql.data.aot;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.repository.query.AheadOfTimeQuery;
import io.kitesql.data.repository.query.DeclaredKiteSqlQuery;
import io.kitesql.data.repository.support.SimpleKiteSqlRepository;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.RuntimeBeanReference;
import org.springframework.data.repository.aot.generate.AotQueryMethodGenerationContext;
import org.springframework.data.repository.aot.generate.AotRepositoryClassBuilder;
import org.springframework.data.repository.aot.generate.AotRepositoryConstructorBuilder;
import org.springframework.data.repository.aot.generate.MethodContributor;
import org.springframework.data.repository.aot.generate.RepositoryContributor;
import org.springframework.data.repository.config.AotRepositoryContext;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport.FragmentCreationContext;
import org.springframework.data.repository.query.DefaultParameters;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.javapoet.CodeBlock;
import org.springframework.javapoet.MethodSpec;
import org.springframework.javapoet.ParameterizedTypeName;
import org.springframework.util.ClassUtils;

/**
 * Writes a KiteSQL repository's query methods as Java source at build time: each derived or
 * {@code @Query} method whose statement text is fixed becomes a method that holds its SQL, binds
 * its arguments and maps the rows ({@link KiteSqlAotRepositoryFragmentSupport}), so the repository
 * derives nothing for it at start-up. The SQL is the run-time query's ({@link AheadOfTimeQuery}),
 * checked the same way.
 *
 * <p>A method with a per-call shape (In/NotIn, Sort, Pageable, Limit, ScrollPosition, a dynamic
 * projection; Page, Slice, Window, Stream or array results; a delete returning entities) and a
 * named query are left to the run-time query, which handles them as without AOT. A method that
 * cannot be made into a query is left too: start-up then fails naming it, as without AOT.
 */
public final class KiteSqlRepositoryContributor extends RepositoryContributor {
  private final KiteSqlMappingContext mappingContext;
  private final EntityMapping<?> mapping;
  private final NamedQueries namedQueries;
  private final String templateRef;
  private final List<CodeBlock> statements = new ArrayList<>();

  public KiteSqlRepositoryContributor(
      AotRepositoryContext repositoryContext,
      KiteSqlMappingContext mappingContext,
      Conversions conversions,
      NamedQueries namedQueries) {
    super(repositoryContext);
    this.mappingContext = mappingContext;
    this.mapping =
        new EntityMapping<>(
            mappingContext, getRepositoryInformation().getDomainType(), conversions);
    this.namedQueries = namedQueries;
    this.templateRef =
        repositoryContext
            .getConfigurationSource()
            .getAttribute("templateRef")
            .orElse("kiteSqlTemplate");
  }

  @Override
  protected void customizeClass(AotRepositoryClassBuilder builder) {
    builder.customize(
        type ->
            type.superclass(KiteSqlAotRepositoryFragmentSupport.class)
                .addMethod(
                    MethodSpec.methodBuilder("statements")
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                        .returns(ParameterizedTypeName.get(List.class, String[].class))
                        .addStatement(
                            "return $T.of($L)", List.class, CodeBlock.join(statements, ",\n"))
                        .build()));
  }

  @Override
  protected void customizeConstructor(AotRepositoryConstructorBuilder builder) {
    builder.addParameter(
        "template",
        KiteSqlTemplate.class,
        parameter ->
            parameter.origin(new RuntimeBeanReference(templateRef, KiteSqlTemplate.class)));
    builder.addParameter(
        "mappingContext",
        KiteSqlMappingContext.class,
        parameter ->
            parameter.origin(
                new RuntimeBeanReference("kiteSqlMappingContext", KiteSqlMappingContext.class)));
    builder.addParameter("beanFactory", BeanFactory.class, false);
    builder.addParameter("context", FragmentCreationContext.class, false);
    builder.customize(
        code ->
            code.addStatement(
                "super(template, mappingContext, beanFactory, context, statements())"));
  }

  @Override
  protected @Nullable MethodContributor<? extends QueryMethod> contributeQueryMethod(
      Method method) {
    var information = getRepositoryInformation();
    if (implementedByBaseClass(method, information.getRepositoryBaseClass())) {
      return null; // e.g. the query by example methods: the base class runs them
    }
    var queryMethod =
        new QueryMethod(method, information, getProjectionFactory(), DefaultParameters::new);
    var name = information.getRepositoryInterface().getSimpleName() + "." + method.getName();
    var declared = DeclaredKiteSqlQuery.declaredSql(method);
    if (declared.isEmpty() && namedQueries.hasQuery(queryMethod.getNamedQueryName())) {
      return null; // a named query: the run-time query reads it
    }
    Optional<AheadOfTimeQuery> query;
    try {
      query = AheadOfTimeQuery.of(name, queryMethod, method, declared, mappingContext, mapping);
    } catch (RuntimeException e) {
      throw new IllegalStateException("cannot make a query of " + name + ": " + e.getMessage(), e);
    }
    var body = query.flatMap(q -> MethodBodies.of(name, queryMethod, method, q));
    if (body.isEmpty()) {
      return null;
    }
    var sql = query.get().sql();
    return MethodContributor.forQueryMethod(queryMethod)
        .withMetadata(() -> Map.of("query", sql))
        .contribute(
            context -> {
              statements.add(CodeBlock.of("new String[] {$S, $S}", name, sql));
              return body.get().apply(context);
            });
  }

  private static boolean implementedByBaseClass(Method method, Class<?> baseClass) {
    return ClassUtils.hasMethod(
            SimpleKiteSqlRepository.class, method.getName(), method.getParameterTypes())
        || ClassUtils.hasMethod(baseClass, method.getName(), method.getParameterTypes());
  }

  /** The Statement expression of a generated method: its name, SQL and converted arguments. */
  static CodeBlock statement(
      String name, AheadOfTimeQuery query, AotQueryMethodGenerationContext context) {
    var arguments = context.getAllParameterNames();
    var values = new ArrayList<CodeBlock>();
    for (int i = 0; i < arguments.size(); i++) {
      values.add(
          query instanceof AheadOfTimeQuery.Derived derived
                  && MethodBodies.wraps(derived.markers().get(i))
              ? CodeBlock.of(
                  "write($T.$L, $L)",
                  Part.Type.class,
                  derived.markers().get(i).name(),
                  arguments.get(i))
              : CodeBlock.of("write($L)", arguments.get(i)));
    }
    var array = CodeBlock.of("new Object[] {$L}", CodeBlock.join(values, ", "));
    if (query instanceof AheadOfTimeQuery.Declared declared
        && !declared.parameterNames().isEmpty()) {
      var names =
          CodeBlock.join(
              declared.parameterNames().stream().map(n -> CodeBlock.of("$S", n)).toList(), ", ");
      return CodeBlock.of(
          "$T.named($S, $S, named(new String[] {$L}, $L))",
          Statement.class,
          name,
          query.sql(),
          names,
          array);
    }
    return CodeBlock.of("$T.named($S, $S, $L)", Statement.class, name, query.sql(), array);
  }
}
