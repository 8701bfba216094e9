/** The README's demo: storage, codec and catalog used by hand, until the SQL API replaces it. */
package io.kitesql.demo;
