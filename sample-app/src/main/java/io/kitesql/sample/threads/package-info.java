/**
 * Threaded comments, the article's example: threads, posts with a parent, and the reply tree built
 * from borrowed posts and written as JSON while its read transaction lives.
 */
@NullMarked
package io.kitesql.sample.threads;

import org.jspecify.annotations.NullMarked;
