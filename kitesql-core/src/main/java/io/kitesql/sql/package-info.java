/**
 * The SQL front end: text to JSqlParser syntax trees, with the engine's own syntax errors.
 *
 * <p>A statement's text is read once. {@code SqlTokens} is the only scanner that knows SQL's
 * quoting rules (string literals, {@code $$...$$} strings, quoted names, comments); its token list
 * is what {@link io.kitesql.sql.SqlParser} decides everything from before JSqlParser reads the
 * statement:
 *
 * <ol>
 *   <li>the limits on length, parenthesis nesting and list length, refused before parsing;
 *   <li>the rewrites JSqlParser needs, each adding edits to one {@code Patches} over the token
 *       list: {@code IdentityOptions} (standard identity options to the form JSqlParser keeps),
 *       {@code BetweenIs} and {@code UnarySigns} (parentheses it needs), {@link
 *       io.kitesql.sql.QuotedDots} and {@link io.kitesql.sql.QuotedBackslashes} (same-width
 *       stand-ins inside quoted tokens, restored by the binder wherever a name or literal leaves
 *       the tree);
 *   <li>whether JSqlParser's slower "complex" grammar may be needed;
 * </ol>
 *
 * <p>then {@code ParserPasses} runs JSqlParser over the patched text on a parser thread with a time
 * budget, and {@code SyntaxErrors} turns a failure into a message naming the line, column (mapped
 * back through the edits to the text as written) and token, using JSqlParser's tokens and the
 * statement's own list, never a new reading of the text. {@link io.kitesql.sql.ViewText} cuts a
 * view's query out of its CREATE VIEW with the same scanner.
 *
 * <p>Depends on JSqlParser and the root package only; the binder ({@code io.kitesql.bind}) turns
 * the trees into bound statements.
 */
package io.kitesql.sql;
