package io.kitesql.boot.jackson;

import io.kitesql.value.Text;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.UTF8JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes a {@link Text} as a JSON string from its UTF-8 bytes, never through a {@code String}.
 *
 * <p>What is copied, for a generator writing UTF-8 bytes (Jackson's {@code UTF8JsonGenerator},
 * which is what an {@code OutputStream} target such as an HTTP response gets): the text's bytes
 * once from the LMDB map into a scratch {@code byte[]}, then once by the generator's escaping pass
 * into its output buffer. {@link JsonGenerator#writeUTF8String} is the generator's only entry that
 * takes UTF-8 and escapes it, and it wants a {@code byte[]} holding the whole value (a JSON string
 * cannot be written in pieces), so the map-to-array copy is the least possible. The scratch array
 * is reused for every text of one serialization call (a per-call attribute of the {@link
 * SerializationContext}) and grows to the largest text written. Other generators (a {@code Writer}
 * target, a {@code TokenBuffer}) work in chars: they get the chars decoded straight from the bytes
 * ({@link Text#getChars}) into a scratch {@code char[]}, reused the same way, and written with
 * {@link JsonGenerator#writeString(char[], int, int)}: no {@code String} and no intermediate UTF-8
 * copy.
 *
 * <p>A borrowed text must be serialized while its read transaction lives (inside the
 * {@code @ReadOnlyTxn} method, or with the open-read-transaction-in-view interceptor); after it,
 * reading the text throws {@code IllegalStateException} and the serialization fails.
 */
public final class TextSerializer extends StdSerializer<Text> {
  /** Per-call attribute key of the scratch byte array. */
  private static final Object SCRATCH = new Object();

  /** Per-call attribute key of the scratch char array. */
  private static final Object CHAR_SCRATCH = new Object();

  /** The serializer; stateless, one instance serves every mapper. */
  public TextSerializer() {
    super(Text.class);
  }

  @Override
  public void serialize(Text text, JsonGenerator generator, SerializationContext context) {
    if (generator instanceof UTF8JsonGenerator) {
      int length = text.utf8Length();
      byte[] scratch = scratch(context, length);
      text.copyUtf8To(scratch, 0);
      generator.writeUTF8String(scratch, 0, length);
    } else {
      int length = text.length();
      char[] scratch = charScratch(context, length);
      text.getChars(0, length, scratch, 0);
      generator.writeString(scratch, 0, length);
    }
  }

  private static char[] charScratch(SerializationContext context, int length) {
    if (context.getAttribute(CHAR_SCRATCH) instanceof char[] scratch && scratch.length >= length) {
      return scratch;
    }
    var scratch = new char[Math.max(length, 512)];
    context.setAttribute(CHAR_SCRATCH, scratch);
    return scratch;
  }

  private static byte[] scratch(SerializationContext context, int length) {
    if (context.getAttribute(SCRATCH) instanceof byte[] scratch && scratch.length >= length) {
      return scratch;
    }
    var scratch = new byte[Math.max(length, 1024)];
    context.setAttribute(SCRATCH, scratch);
    return scratch;
  }
}
