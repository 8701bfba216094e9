/** The tests of aot-app, run on the JVM and in AOT mode. */
package com.example.notes;
