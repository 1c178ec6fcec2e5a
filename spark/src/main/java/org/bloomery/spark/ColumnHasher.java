package org.bloomery.spark;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import org.bloomery.api.KeyHasher;

/**
 * The Spark column types a filter can be built from and probed with, each tied to the built-in
 * {@link KeyHasher} that hashes its values. A filter built from one type is read back only with the
 * same hasher, so a filter built from a {@code bigint} column answers for longs in any JVM, as a
 * filter built there with {@link KeyHasher#longs()} does.
 */
public enum ColumnHasher {
    /** {@code string} columns, hashed as UTF-8 ({@link KeyHasher#strings()}). */
    STRING(DataTypes.StringType, KeyHasher.strings(), String.class),
    /** {@code bigint} columns, hashed as 8 little-endian bytes ({@link KeyHasher#longs()}). */
    LONG(DataTypes.LongType, KeyHasher.longs(), Long.class),
    /** {@code int} columns, hashed as 4 little-endian bytes ({@link KeyHasher#ints()}). */
    INT(DataTypes.IntegerType, KeyHasher.ints(), Integer.class),
    /** {@code binary} columns, hashed over the whole value ({@link KeyHasher#bytes()}). */
    BINARY(DataTypes.BinaryType, KeyHasher.bytes(), byte[].class);

    private final DataType dataType;
    private final KeyHasher<?> keyHasher;
    private final Class<?> valueClass;

    ColumnHasher(DataType dataType, KeyHasher<?> keyHasher, Class<?> valueClass) {
        this.dataType = dataType;
        this.keyHasher = keyHasher;
        this.valueClass = valueClass;
    }

    /**
     * The hasher for a column type.
     *
     * @param type a Spark column type
     * @return the hasher of that type
     * @throws IllegalArgumentException if the type has no hasher, naming it and the types that do
     */
    public static ColumnHasher forType(DataType type) {
        Objects.requireNonNull(type, "type");
        for (ColumnHasher hasher : values()) {
            if (hasher.dataType.equals(type)) {
                return hasher;
            }
        }
        throw new IllegalArgumentException("a column of type " + type.simpleString()
                + " has no Bloomery hasher; supported column types: " + supportedTypes()
                + " (cast the column to one of them first)");
    }

    /**
     * The hasher for a value as Spark hands it to a function: {@code String}, {@code Long},
     * {@code Integer} or {@code byte[]}.
     *
     * @param value a non-null column value
     * @return the hasher of its type
     * @throws IllegalArgumentException if no hasher takes values of that class, naming it
     */
    static ColumnHasher forValue(Object value) {
        for (ColumnHasher hasher : values()) {
            if (hasher.valueClass.isInstance(value)) {
                return hasher;
            }
        }
        throw new IllegalArgumentException("a column value of class " + value.getClass().getName()
                + " has no Bloomery hasher; supported column types: " + supportedTypes());
    }

    /**
     * The column type whose filters are read with the hasher of this {@link KeyHasher#id()}, if any:
     * its own hasher's id, or another built-in hasher's for the same values ({@code bigint} filters
     * built by an earlier release name {@code xxh64:long-le}; see {@link KeyHasher#forReading}).
     */
    static Optional<ColumnHasher> forHasherId(String id) {
        return Arrays.stream(values()).filter(h -> KeyHasher.forReading(id, h.keyHasher).isPresent()).findFirst();
    }

    /**
     * The column types that have a hasher, as Spark SQL names them.
     *
     * @return e.g. {@code "string, bigint, int, binary"}
     */
    public static String supportedTypes() {
        return Arrays.stream(values()).map(h -> h.dataType.simpleString()).collect(Collectors.joining(", "));
    }

    /**
     * The column type this hasher reads.
     *
     * @return the Spark type
     */
    public DataType dataType() {
        return dataType;
    }

    /**
     * The Bloomery hasher of this column type; read a filter built by Spark back with it.
     *
     * @return the hasher
     */
    public KeyHasher<?> keyHasher() {
        return keyHasher;
    }

    /**
     * {@link #keyHasher()} typed for filters that are fed hashes ({@link #hash}) rather than items;
     * Filters built with it read back with {@link #keyHasher()}.
     */
    @SuppressWarnings("unchecked")
    KeyHasher<Object> untypedHasher() {
        return (KeyHasher<Object>) keyHasher;
    }

    /** The hash of a non-null value of this type, as {@link #keyHasher()} computes it. */
    long hash(Object value) {
        return switch (this) {
            case STRING -> KeyHasher.hashString((String) value);
            case LONG -> KeyHasher.hashLong((Long) value);
            case INT -> KeyHasher.hashInt((Integer) value);
            case BINARY -> KeyHasher.hashBytes((byte[]) value, 0, ((byte[]) value).length);
        };
    }

    /**
     * The hash of the non-null value at {@code ordinal} of one of Spark's internal rows, equal to
     * {@link #hash(Object)} of the value Spark would hand a function, without making that object: a
     * string is hashed over its UTF-8 bytes where the row holds them.
     */
    long hash(InternalRow row, int ordinal) {
        return switch (this) {
            case STRING -> hashUtf8(row.getUTF8String(ordinal));
            case LONG -> KeyHasher.hashLong(row.getLong(ordinal));
            case INT -> KeyHasher.hashInt(row.getInt(ordinal));
            case BINARY -> {
                byte[] bytes = row.getBinary(ordinal);
                yield KeyHasher.hashBytes(bytes, 0, bytes.length);
            }
        };
    }

    /** {@link KeyHasher#hashString} of a string held as UTF-8: the hash of those bytes, copied only when off-heap. */
    private static long hashUtf8(UTF8String value) {
        if (value.getBaseObject() instanceof byte[] bytes) {
            return KeyHasher.hashBytes(bytes, (int) (value.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET), value.numBytes());
        }
        byte[] copy = value.getBytes();
        return KeyHasher.hashBytes(copy, 0, copy.length);
    }

    /** The encoder Spark uses to hand this type's values to an aggregator. */
    @SuppressWarnings("unchecked")
    <T> Encoder<T> encoder() {
        Encoder<?> encoder = switch (this) {
            case STRING -> Encoders.STRING();
            case LONG -> Encoders.LONG();
            case INT -> Encoders.INT();
            case BINARY -> Encoders.BINARY();
        };
        return (Encoder<T>) encoder;
    }
}
