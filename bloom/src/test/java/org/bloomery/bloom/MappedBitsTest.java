package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.bloomery.api.spi.MappedBytes;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The mapped storage classes against the heap ones: heap bits filled with seeded keys, their words
 * written big-endian to a file after a 64-byte head (as a version-3 body places them) and mapped,
 * answer every single and batch query alike, hold the same words, write the same bytes and copy
 * into heap bits that answer alike; every change is refused.
 */
class MappedBitsTest {
    private static final int KEYS = 3_000;
    private static final int PROBES = 20_000;
    private static final int HEAD = 64;

    @TempDir
    Path dir;

    static Stream<Arguments> shapes() {
        return Stream.of(Arguments.of(BloomLayout.STANDARD, 7), Arguments.of(BloomLayout.STANDARD, 1),
                Arguments.of(BloomLayout.BLOCKED, 8), Arguments.of(BloomLayout.BLOCKED, 7),
                Arguments.of(BloomLayout.BLOCKED, 16), Arguments.of(BloomLayout.SECTORED, 6),
                Arguments.of(BloomLayout.SECTORED, 8), Arguments.of(BloomLayout.SECTORED, 12),
                Arguments.of(BloomLayout.PATTERNED, 6), Arguments.of(BloomLayout.PATTERNED, 8),
                Arguments.of(BloomLayout.PATTERNED, 14));
    }

    @ParameterizedTest(name = "{0}, k = {1}")
    @MethodSource("shapes")
    void answersHoldsAndWritesWhatTheHeapBitsDo(BloomLayout layout, int k) throws IOException {
        BloomShape shape = new BloomShape(512 * 64, k, layout == BloomLayout.STANDARD ? 0 : BlockedProbes.BLOCK_BITS,
                layout);
        BloomBits heap = BloomBits.allocate(shape, Writers.MANY);
        SplittableRandom random = new SplittableRandom(0x5EED_0041L + k);
        for (int i = 0; i < KEYS; i++) {
            heap.add(random.nextLong());
        }
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(file);
        out.write(new byte[HEAD]);
        long words = shape.cells() >>> 6;
        for (long w = 0; w < words; w++) {
            out.writeLong(heap.word(w));
        }
        Path path = dir.resolve("bits");
        Files.write(path, file.toByteArray());
        MappedBytes bytes;
        try (FileChannel channel = FileChannel.open(path)) {
            bytes = MappedBytes.map(channel, 0, Files.size(path));
        }
        BloomBits mapped = BloomBits.map(bytes, HEAD, shape, Writers.MANY, heap.cardinality());

        for (long w = 0; w < words; w++) {
            assertThat(mapped.word(w)).as("word %d", w).isEqualTo(heap.word(w));
        }
        long[] hashes = new long[PROBES];
        for (int i = 0; i < PROBES; i++) {
            hashes[i] = random.nextLong();
        }
        boolean[] heapAnswers = new boolean[PROBES];
        boolean[] mappedAnswers = new boolean[PROBES];
        heap.containsAll(hashes, 0, PROBES, heapAnswers);
        mapped.containsAll(hashes, 0, PROBES, mappedAnswers);
        assertThat(mappedAnswers).isEqualTo(heapAnswers).contains(true).contains(false);
        for (int i = 0; i < PROBES; i++) {
            assertThat(mapped.contains(hashes[i])).as("hash %d", i).isEqualTo(heapAnswers[i]);
        }
        boolean[] earlier = new boolean[PROBES];
        boolean[] expected = new boolean[PROBES];
        for (int i = 0; i < PROBES; i += 3) {
            earlier[i] = true;
        }
        for (int i = 0; i < PROBES; i++) {
            expected[i] = earlier[i] || heapAnswers[i];
        }
        mapped.orContainsAll(hashes, 0, PROBES, earlier);
        assertThat(earlier).isEqualTo(expected);

        assertThat(mapped.cardinality()).isEqualTo(heap.cardinality());
        assertThat(mapped.bitSize()).isEqualTo(heap.bitSize());
        BloomBits copy = mapped.copy();
        for (long w = 0; w < words; w++) {
            assertThat(copy.word(w)).isEqualTo(heap.word(w));
        }
        assertThat(copy.add(random.nextLong())).isTrue();
        for (Runnable change : new Runnable[] {() -> mapped.add(1), mapped::clear, () -> mapped.orWith(heap),
            () -> mapped.andWith(heap)}) {
            assertThatThrownBy(change::run).isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining("mapped read-only");
        }
    }

    @ParameterizedTest(name = "{0}, k = {1}")
    @MethodSource("shapes")
    void refusesWordsThatDoNotLieInTheMapping(BloomLayout layout, int k) throws IOException {
        BloomShape shape = new BloomShape(512 * 4, k, layout == BloomLayout.STANDARD ? 0 : BlockedProbes.BLOCK_BITS,
                layout);
        Path path = dir.resolve("short");
        Files.write(path, new byte[HEAD + 255]);
        try (FileChannel channel = FileChannel.open(path)) {
            MappedBytes bytes = MappedBytes.map(channel, 0, Files.size(path));
            assertThatThrownBy(() -> BloomBits.map(bytes, HEAD, shape, Writers.MANY, 0))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("256 bytes")
                    .hasMessageContaining("319 mapped bytes");
        }
    }
}
