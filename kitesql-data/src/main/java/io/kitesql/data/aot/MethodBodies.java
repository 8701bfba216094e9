package io.kitesql.data.aot;

import io.kitesql.data.repository.query.AheadOfTimeQuery;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.springframework.data.repository.aot.generate.AotQueryMethodGenerationContext;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.javapoet.CodeBlock;

/**
 * The body of a generated query method for its declared return type, or none when the return type
 * is one the run-time query adapts (arrays, other collections, a primitive single value, entities
 * returned by a delete): those methods stay with the run-time query.
 */
final class MethodBodies {
  private MethodBodies() {}

  /**
   * The body of {@code javaMethod} running {@code query}, if generated code handles its return
   * type.
   */
  static Optional<Function<AotQueryMethodGenerationContext, CodeBlock>> of(
      String name, QueryMethod method, Method javaMethod, AheadOfTimeQuery query) {
    var declared = javaMethod.getReturnType();
    return switch (query) {
      case AheadOfTimeQuery.Derived derived ->
          switch (derived.kind()) {
            case COUNT -> rowCount(declared, "count", name, query);
            case EXISTS ->
                declared == boolean.class || declared == Boolean.class
                    ? Optional.of(
                        context ->
                            CodeBlock.of(
                                "return exists($L);\n",
                                KiteSqlRepositoryContributor.statement(name, query, context)))
                    : Optional.empty();
            case DELETE -> rowCount(declared, "delete", name, query);
            case SELECT ->
                rows(
                    name,
                    method,
                    declared,
                    query,
                    CodeBlock.of("derivedMapper($T.class)", returned(method)));
          };
      case AheadOfTimeQuery.Declared d when d.modifying() ->
          rowCount(declared, "update", name, query);
      case AheadOfTimeQuery.Declared _ ->
          rows(
              name,
              method,
              declared,
              query,
              CodeBlock.of("declaredMapper($S, $T.class)", method.getName(), returned(method)));
    };
  }

  /**
   * Whether a derived query wraps the argument of a marker of this keyword (StartingWith and the
   * like).
   */
  static boolean wraps(Part.Type type) {
    return switch (type) {
      case STARTING_WITH, ENDING_WITH, CONTAINING, NOT_CONTAINING -> true;
      default -> false;
    };
  }

  private static Class<?> returned(QueryMethod method) {
    return method.getResultProcessor().getReturnedType().getReturnedType();
  }

  private static Optional<Function<AotQueryMethodGenerationContext, CodeBlock>> rowCount(
      Class<?> declared, String run, String name, AheadOfTimeQuery query) {
    if (declared == void.class) {
      return Optional.of(
          context ->
              CodeBlock.of(
                  "$L($L);\n", run, KiteSqlRepositoryContributor.statement(name, query, context)));
    }
    if (declared == long.class || declared == Long.class) {
      return Optional.of(
          context ->
              CodeBlock.of(
                  "return $L($L);\n",
                  run,
                  KiteSqlRepositoryContributor.statement(name, query, context)));
    }
    if (declared == int.class || declared == Integer.class) {
      return Optional.of(
          context ->
              CodeBlock.of(
                  "return $T.toIntExact($L($L));\n",
                  Math.class,
                  run,
                  KiteSqlRepositoryContributor.statement(name, query, context)));
    }
    return Optional.empty();
  }

  private static Optional<Function<AotQueryMethodGenerationContext, CodeBlock>> rows(
      String name,
      QueryMethod method,
      Class<?> declared,
      AheadOfTimeQuery query,
      CodeBlock mapper) {
    var type = returned(method);
    if (method.isCollectionQuery()) {
      if (declared == List.class || declared == Collection.class || declared == Iterable.class) {
        return Optional.of(
            context ->
                CodeBlock.of(
                    "return this.<$T>list($L, $L);\n",
                    type,
                    KiteSqlRepositoryContributor.statement(name, query, context),
                    mapper));
      }
      if (declared == Set.class) {
        return Optional.of(
            context ->
                CodeBlock.of(
                    "return new $T<>(this.<$T>list($L, $L));\n",
                    LinkedHashSet.class,
                    type,
                    KiteSqlRepositoryContributor.statement(name, query, context),
                    mapper));
      }
      return Optional.empty();
    }
    if (declared == Optional.class) {
      return Optional.of(
          context ->
              CodeBlock.of(
                  "return $T.ofNullable(this.<$T>single($L, $L, $S));\n",
                  Optional.class,
                  type,
                  KiteSqlRepositoryContributor.statement(name, query, context),
                  mapper,
                  method.getName()));
    }
    if (!declared.isPrimitive() && declared.isAssignableFrom(type)) {
      return Optional.of(
          context ->
              CodeBlock.of(
                  "return this.<$T>single($L, $L, $S);\n",
                  type,
                  KiteSqlRepositoryContributor.statement(name, query, context),
                  mapper,
                  method.getName()));
    }
    return Optional.empty();
  }
}
