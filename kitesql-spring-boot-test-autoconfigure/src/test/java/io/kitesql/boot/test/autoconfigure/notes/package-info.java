@NullMarked
package io.kitesql.boot.test.autoconfigure.notes;

import org.jspecify.annotations.NullMarked;
