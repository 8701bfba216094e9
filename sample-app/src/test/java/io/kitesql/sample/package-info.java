/**
 * The sample application's tests: the running application over real HTTP, on a database of its own.
 */
@NullMarked
package io.kitesql.sample;

import org.jspecify.annotations.NullMarked;
