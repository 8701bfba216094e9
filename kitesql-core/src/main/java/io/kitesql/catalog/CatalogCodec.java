package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The stored form of a catalog entry: a version byte, then fields in order. Type kinds are stored
 * by name, so reordering the enum cannot change a stored type.
 *
 * <p>Versions: 1, a table; 2, a table with each column's identity; 3 (views), a kind byte ({@code
 * 'T'} table, {@code 'V'} view) before the fields of its kind. Every version still decodes, so
 * databases written before views open unchanged. Tables are still written as version 2: a database
 * without views stays readable by the release before views, while one with a view makes that
 * release refuse to open its catalog (UNSUPPORTED_FORMAT_VERSION) instead of silently not seeing
 * the view and letting a table take its name.
 */
final class CatalogCodec {
  /** The newest version this code reads. */
  static final int VERSION = 3;

  /** The version tables are written in (the newest one a table needs). */
  private static final int TABLE_VERSION = 2;

  private static final int WITHOUT_IDENTITY = 1;
  private static final byte TABLE_KIND = 'T';
  private static final byte VIEW_KIND = 'V';

  private CatalogCodec() {}

  static byte[] encode(CatalogEntry entry) {
    return switch (entry) {
      case TableDef t -> encode(t);
      case ViewDef v -> encode(v);
    };
  }

  static byte[] encode(ViewDef view) {
    var bytes = new ByteArrayOutputStream();
    try (var out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeByte(VIEW_KIND);
      out.writeInt(view.id());
      out.writeUTF(view.name());
      var query =
          view.query()
              .getBytes(java.nio.charset.StandardCharsets.UTF_8); // may exceed writeUTF's 64 KiB
      out.writeInt(query.length);
      out.write(query);
      out.writeShort(view.columns().size());
      for (var c : view.columns()) {
        out.writeUTF(c.name());
        writeType(out, c.type());
      }
      out.writeShort(view.dependencies().size());
      for (var d : view.dependencies()) {
        out.writeUTF(d.name());
        out.writeInt(d.columns());
      }
    } catch (UTFDataFormatException e) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE,
          "view "
              + abbreviate(view.name())
              + ": a name is too long to store (more than 65,535 bytes of UTF-8)",
          e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (view.columns().size() > 0xFFFF || view.dependencies().size() > 0xFFFF) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE,
          "view " + abbreviate(view.name()) + " has too many columns or relations to store");
    }
    return bytes.toByteArray();
  }

  static byte[] encode(TableDef table) {
    var bytes = new ByteArrayOutputStream();
    try (var out = new DataOutputStream(bytes)) {
      out.writeByte(TABLE_VERSION);
      out.writeInt(table.id());
      out.writeUTF(table.name());
      out.writeShort(table.columns().size());
      for (var c : table.columns()) {
        out.writeUTF(c.name());
        writeType(out, c.type());
        out.writeBoolean(c.nullable());
        out.writeBoolean(c.defaultSql().isPresent());
        if (c.defaultSql().isPresent()) {
          out.writeUTF(c.defaultSql().get());
        }
        writeIdentity(out, c.identity());
      }
      writePositions(out, table.primaryKey());
      out.writeShort(table.indexes().size());
      for (var index : table.indexes()) {
        out.writeInt(index.id());
        out.writeUTF(index.name());
        out.writeBoolean(index.unique());
        writePositions(out, index.columns());
      }
    } catch (UTFDataFormatException e) {
      // writeUTF stores at most 65,535 bytes; SQL puts no limit on names, so refuse them here
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE,
          "table "
              + abbreviate(table.name())
              + ": a name or DEFAULT expression is too long to store (more than 65,535 bytes of UTF-8)",
          e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  static CatalogEntry decode(byte[] bytes) {
    try (var in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int version = in.readUnsignedByte();
      if (version < WITHOUT_IDENTITY || version > VERSION) {
        throw new KiteSqlException(
            ErrorCode.UNSUPPORTED_FORMAT_VERSION,
            "catalog entry has version "
                + version
                + ", this KiteSQL reads versions "
                + WITHOUT_IDENTITY
                + " to "
                + VERSION);
      }
      if (version < VERSION) {
        return decodeTable(in, version);
      }
      int kind = in.readUnsignedByte();
      return switch (kind) {
        case TABLE_KIND -> decodeTable(in, version);
        case VIEW_KIND -> decodeView(in);
        default ->
            throw new KiteSqlException(
                ErrorCode.CORRUPT_RECORD, "damaged catalog entry: unknown kind " + kind);
      };
    } catch (IOException | IllegalArgumentException e) {
      throw new KiteSqlException(
          ErrorCode.CORRUPT_RECORD, "damaged catalog entry: " + e.getMessage(), e);
    }
  }

  private static ViewDef decodeView(DataInputStream in) throws IOException {
    int id = in.readInt();
    var name = in.readUTF();
    int length = in.readInt();
    if (length < 0 || length > in.available()) {
      throw new IOException("view query length " + length + " exceeds the entry");
    }
    var query = new String(in.readNBytes(length), java.nio.charset.StandardCharsets.UTF_8);
    int columnCount = in.readUnsignedShort();
    var columns = new ArrayList<ViewDef.Column>(columnCount);
    for (int i = 0; i < columnCount; i++) {
      columns.add(new ViewDef.Column(in.readUTF(), readType(in)));
    }
    int dependencyCount = in.readUnsignedShort();
    var dependencies = new ArrayList<ViewDef.Dependency>(dependencyCount);
    for (int i = 0; i < dependencyCount; i++) {
      dependencies.add(new ViewDef.Dependency(in.readUTF(), in.readInt()));
    }
    return new ViewDef(id, name, query, columns, dependencies);
  }

  private static void writeType(DataOutputStream out, DataType type) throws IOException {
    out.writeUTF(type.kind().name());
    out.writeInt(type.length());
    out.writeInt(type.scale());
  }

  private static DataType readType(DataInputStream in) throws IOException {
    return new DataType(TypeKind.valueOf(in.readUTF()), in.readInt(), in.readInt());
  }

  private static TableDef decodeTable(DataInputStream in, int version) throws IOException {
    int id = in.readInt();
    var name = in.readUTF();
    int columnCount = in.readUnsignedShort();
    var columns = new ArrayList<ColumnDef>(columnCount);
    for (int i = 0; i < columnCount; i++) {
      var columnName = in.readUTF();
      var type = readType(in);
      boolean nullable = in.readBoolean();
      var defaultSql = in.readBoolean() ? Optional.of(in.readUTF()) : Optional.<String>empty();
      var identity = version == WITHOUT_IDENTITY ? Optional.<Identity>empty() : readIdentity(in);
      columns.add(new ColumnDef(columnName, type, nullable, defaultSql, identity));
    }
    var primaryKey = readPositions(in);
    int indexCount = in.readUnsignedShort();
    var indexes = new ArrayList<IndexDef>(indexCount);
    for (int i = 0; i < indexCount; i++) {
      int indexId = in.readInt();
      var indexName = in.readUTF();
      boolean unique = in.readBoolean();
      indexes.add(new IndexDef(indexId, indexName, readPositions(in), unique));
    }
    return new TableDef(id, name, columns, primaryKey, indexes);
  }

  private static void writeIdentity(DataOutputStream out, Optional<Identity> identity)
      throws IOException {
    out.writeBoolean(identity.isPresent());
    if (identity.isPresent()) {
      out.writeUTF(identity.get().generation().name());
      out.writeLong(identity.get().start());
      out.writeLong(identity.get().increment());
    }
  }

  private static Optional<Identity> readIdentity(DataInputStream in) throws IOException {
    if (!in.readBoolean()) {
      return Optional.empty();
    }
    return Optional.of(
        new Identity(Identity.Generation.valueOf(in.readUTF()), in.readLong(), in.readLong()));
  }

  private static void writePositions(DataOutputStream out, List<Integer> positions)
      throws IOException {
    out.writeShort(positions.size());
    for (int p : positions) {
      out.writeShort(p);
    }
  }

  private static List<Integer> readPositions(DataInputStream in) throws IOException {
    int n = in.readUnsignedShort();
    var list = new ArrayList<Integer>(n);
    for (int i = 0; i < n; i++) {
      list.add(in.readUnsignedShort());
    }
    return list;
  }

  private static String abbreviate(String name) {
    return name.length() <= 40 ? name : name.substring(0, 37) + "...";
  }
}
