/**
 * Encodings: memcomparable keys ({@link io.kitesql.codec.KeyEncoder}, {@link
 * io.kitesql.codec.KeyDecoder}), whose unsigned byte order is SQL order, and the row format ({@link
 * io.kitesql.codec.RowLayout}, {@link io.kitesql.codec.RowEncoder}, {@link
 * io.kitesql.codec.RowView}), which reads one column in O(1) and lends text in place.
 *
 * <p>Depends on {@code io.kitesql.value} only. Layouts are immutable and shareable; encoders and
 * views are reusable flyweights for one thread at a time.
 */
package io.kitesql.codec;
