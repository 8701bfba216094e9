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
 * The stored form of a {@link TableDef}: a version byte, then fields in order. Type kinds are
 * stored by name, so reordering the enum cannot change a stored type. Version 2 added each
 * column's identity; version 1 entries (no identity) still decode.
 */
final class CatalogCodec {
  private static final int VERSION = 2;
  private static final int WITHOUT_IDENTITY = 1;

  private CatalogCodec() {}

  static byte[] encode(TableDef table) {
    var bytes = new ByteArrayOutputStream();
    try (var out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeInt(table.id());
      out.writeUTF(table.name());
      out.writeShort(table.columns().size());
      for (var c : table.columns()) {
        out.writeUTF(c.name());
        out.writeUTF(c.type().kind().name());
        out.writeInt(c.type().length());
        out.writeInt(c.type().scale());
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
      throw new KiteSqlException(ErrorCode.INVALID_VALUE, "table " + abbreviate(table.name())
          + ": a name or DEFAULT expression is too long to store (more than 65,535 bytes of UTF-8)", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  static TableDef decode(byte[] bytes) {
    try (var in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int version = in.readUnsignedByte();
      if (version != VERSION && version != WITHOUT_IDENTITY) {
        throw new KiteSqlException(ErrorCode.UNSUPPORTED_FORMAT_VERSION,
            "catalog entry has version " + version + ", expected " + WITHOUT_IDENTITY + " or " + VERSION);
      }
      int id = in.readInt();
      var name = in.readUTF();
      int columnCount = in.readUnsignedShort();
      var columns = new ArrayList<ColumnDef>(columnCount);
      for (int i = 0; i < columnCount; i++) {
        var columnName = in.readUTF();
        var type = new DataType(TypeKind.valueOf(in.readUTF()), in.readInt(), in.readInt());
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
    } catch (IOException | IllegalArgumentException e) {
      throw new KiteSqlException(ErrorCode.CORRUPT_RECORD, "damaged catalog entry: " + e.getMessage(), e);
    }
  }

  private static void writeIdentity(DataOutputStream out, Optional<Identity> identity) throws IOException {
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
    return Optional.of(new Identity(Identity.Generation.valueOf(in.readUTF()), in.readLong(), in.readLong()));
  }

  private static void writePositions(DataOutputStream out, List<Integer> positions) throws IOException {
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
