package org.bloomery.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.not;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The file probe ({@link FilterProbe#mightContainFile}, SQL {@code bloomery_might_contain_file})
 * against the bytes probe of the same filter, on the tests' {@code local[2]} session: one JVM, so
 * the counts of {@link FileProbeCache} are the executor's.
 */
@ExtendWith(LocalSpark.class)
class FileProbeTest {
    private static final long BUILD_ROWS = 20_000;
    /** Rows probed: the build rows, then others, about 1% of which pass as false positives. */
    private static final long PROBE_ROWS = 120_000;
    private static final double FPP = 0.01;

    @TempDir
    static Path dir;

    @BeforeAll
    static void sharedScheme() {
        LocalSpark.spark().sparkContext().hadoopConfiguration()
                .set("fs." + SharedTestFileSystem.SCHEME + ".impl", SharedTestFileSystem.class.getName());
    }

    static Stream<Arguments> mappedKinds() {
        FilterSpec spec = FilterSpec.of(BUILD_ROWS, FPP);
        return Stream.of(ColumnHasher.LONG, ColumnHasher.STRING).flatMap(type -> Stream.of(
                Arguments.of("classic", spec, type),
                Arguments.of("classic", spec.withOption("layout", "blocked"), type),
                Arguments.of("classic", spec.withOption("layout", "sectored"), type),
                Arguments.of("classic", spec.withOption("layout", "patterned"), type),
                Arguments.of("fuse", spec, type),
                Arguments.of("ribbon", spec, type)));
    }

    /**
     * Every row's answer of the file probe equals the bytes probe's, over 20,000 added values and
     * 100,000 others (so about 1,000 false positives, which must be the same ones), and no added
     * value is missed; the file is mapped once for the three queries' 24 tasks.
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("mappedKinds")
    void theFileProbeAnswersEveryRowAsTheBytesProbe(String kind, FilterSpec spec, ColumnHasher type) throws IOException {
        byte[] envelope = FilterAggregates.build(TestTables.values(type, 0, BUILD_ROWS), "value", kind, spec).envelope();
        String path = write(envelope, kind + "-" + spec.options().getOrDefault("layout", "") + "-" + type + ".blmf");
        long mapsBefore = FileProbeCache.maps();
        long readsBefore = FileProbeCache.reads();

        Column file = FilterProbe.mightContainFile(path, col("value"));
        Column bytes = FilterProbe.mightContain(envelope, col("value"));

        assertThat(TestTables.values(type, 0, BUILD_ROWS).where(not(file)).count()).as("false negatives").isZero();
        Dataset<Row> probed = TestTables.values(type, 0, PROBE_ROWS);
        assertThat(probed.where(not(file.equalTo(bytes))).count()).as("rows answered otherwise than the bytes probe")
                .isZero();
        long positives = probed.where(file).count();
        assertThat(positives).as("the added values and about 1% of the rest")
                .isBetween(BUILD_ROWS, BUILD_ROWS + (long) ((PROBE_ROWS - BUILD_ROWS) * FPP * 1.5));
        assertThat(FileProbeCache.maps() - mapsBefore).as("maps").isEqualTo(1);
        assertThat(FileProbeCache.reads() - readsBefore).as("reads onto the heap").isZero();
    }

    @Test
    void sqlProbesAFileAsTheBytesProbe() throws IOException {
        SparkSession spark = LocalSpark.spark();
        BuiltFilter built = FilterAggregates.build(TestTables.values(ColumnHasher.LONG, 0, BUILD_ROWS), "value",
                "classic", FilterSpec.of(BUILD_ROWS, FPP));
        String path = write(built.envelope(), "sql.blmf");
        Dataset<Row> probed = TestTables.values(ColumnHasher.LONG, 0, PROBE_ROWS);
        probed.createOrReplaceTempView("probed");

        long positives = spark.sql("SELECT count_if(bloomery_might_contain_file('" + path + "', value)) FROM probed")
                .head().getLong(0);

        assertThat(positives).isGreaterThanOrEqualTo(BUILD_ROWS)
                .isEqualTo(probed.where(FilterProbe.mightContain(built.envelope(), col("value"))).count());
    }

    /**
     * A file at a scheme other than {@code file:} is copied to the executor's JVM once, verified and
     * mapped there; replaced by a move, the new version is copied, and the old copy is deleted (and
     * its mapping closed) once no task uses it.
     */
    @Test
    void aSharedFileIsCopiedOnceAndMappedAndAReplacementIsCopiedAgain() throws IOException {
        byte[] first = classic(0);
        byte[] second = classic(BUILD_ROWS);
        Path served = dir.resolve("shared.blmf");
        Files.write(served, first);
        String path = SharedTestFileSystem.SCHEME + "://" + served.toAbsolutePath();
        long copiesBefore = FileProbeCache.copies();
        long mapsBefore = FileProbeCache.maps();
        long closesBefore = FileProbeCache.closes();

        Dataset<Row> newValues = TestTables.values(ColumnHasher.LONG, BUILD_ROWS, 2 * BUILD_ROWS);
        Dataset<Row> probedFirst = newValues.where(FilterProbe.mightContainFile(path, col("value")));
        long passedFirst = probedFirst.count();
        assertThat(passedFirst).as("values of the second filter that the first lets pass")
                .isEqualTo(newValues.where(FilterProbe.mightContain(first, col("value"))).count())
                .isLessThan(BUILD_ROWS / 50);
        assertThat(probedFirst.count()).isEqualTo(passedFirst);
        assertThat(FileProbeCache.copies() - copiesBefore).as("copies").isEqualTo(1);
        assertThat(FileProbeCache.maps() - mapsBefore).as("maps").isEqualTo(1);
        assertThat(FileProbeCache.copiesOnDisk()).as("copies on disk").isEqualTo(1);

        replace(served, second);
        long passedSecond = newValues.where(FilterProbe.mightContainFile(path, col("value"))).count();

        assertThat(passedSecond).as("values of the second filter, all found").isEqualTo(BUILD_ROWS);
        assertThat(FileProbeCache.copies() - copiesBefore).as("copies").isEqualTo(2);
        assertThat(FileProbeCache.closes() - closesBefore).as("versions closed").isEqualTo(1);
        assertThat(FileProbeCache.copiesOnDisk()).as("copies on disk").isEqualTo(1);
    }

    /**
     * A local file replaced by a move (a new inode) is mapped anew by the next query, and by a
     * query planned before the move that runs again: each task probes the file's current version.
     */
    @Test
    void aLocalFileReplacedByAMoveIsMappedAnewByTheNextQuery() throws IOException {
        Path served = dir.resolve("replaced.blmf");
        Files.write(served, classic(0));
        String path = served.toString();
        Dataset<Row> newValues = TestTables.values(ColumnHasher.LONG, BUILD_ROWS, 2 * BUILD_ROWS);
        Dataset<Row> plannedBefore = newValues.where(FilterProbe.mightContainFile(path, col("value")));
        assertThat(plannedBefore.count()).isLessThan(BUILD_ROWS / 50);
        long mapsBefore = FileProbeCache.maps();
        long closesBefore = FileProbeCache.closes();

        replace(served, classic(BUILD_ROWS));

        assertThat(newValues.where(FilterProbe.mightContainFile(path, col("value"))).count()).isEqualTo(BUILD_ROWS);
        assertThat(plannedBefore.count()).isEqualTo(BUILD_ROWS);
        assertThat(FileProbeCache.maps() - mapsBefore).as("maps").isEqualTo(1);
        assertThat(FileProbeCache.closes() - closesBefore).as("versions closed").isEqualTo(1);
    }

    /**
     * A file truncated after a query mapped it fails the next run of that query with {@link
     * InvalidFilterDataException} naming the file (each task checks the file's length first, and the
     * truncated file does not open), and a new probe of it is refused at once; the JVM goes on.
     */
    @Test
    void aTruncatedFileFailsTheQueryWithATypedErrorNamingIt() throws IOException {
        Path served = dir.resolve("truncated.blmf");
        Files.write(served, classic(0));
        Dataset<Row> probed = TestTables.values(ColumnHasher.LONG, 0, BUILD_ROWS)
                .where(FilterProbe.mightContainFile(served.toString(), col("value")));
        assertThat(probed.count()).isEqualTo(BUILD_ROWS);

        try (FileChannel channel = FileChannel.open(served, StandardOpenOption.WRITE)) {
            channel.truncate(4096);
        }

        assertThatThrownBy(probed::count).hasRootCauseInstanceOf(InvalidFilterDataException.class)
                .rootCause().hasMessageContaining(served.toString()).hasMessageContaining("truncated");
        assertThatThrownBy(() -> FilterProbe.mightContainFile(served.toString(), col("value")))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining(served.toString());
        assertThat(TestTables.values(ColumnHasher.LONG, 0, 10).count()).as("the session goes on").isEqualTo(10);
    }

    /**
     * Files that do not map, a {@code counting} filter and a version-2 {@code classic} file, are
     * read onto the heap once and answer as the bytes probe.
     */
    @Test
    void filesThatDoNotMapAreReadOntoTheHeapOnceAndAnswerAsTheBytesProbe() throws IOException {
        byte[] counting = FilterAggregates.build(TestTables.values(ColumnHasher.LONG, 0, BUILD_ROWS), "value",
                "counting", FilterSpec.of(BUILD_ROWS, FPP)).envelope();
        byte[] versionTwo;
        try (InputStream in = FileProbeTest.class.getResourceAsStream("classic-standard-v2-xxh64-longs.blmf")) {
            versionTwo = in.readAllBytes();
        }
        assertThat(versionTwo[4]).as("the resource's format version").isEqualTo((byte) 2);
        // The version-2 file holds (i + 1) * 0x9E3779B97F4A7C15 for i < 1,000 (wrapping, as Java multiplies).
        List<Long> keys = LongStream.range(0, 10_000).mapToObj(i -> (i + 1) * 0x9E3779B97F4A7C15L).toList();
        Dataset<Row> versionTwoValues = LocalSpark.spark().createDataset(keys, Encoders.LONG()).toDF("value")
                .repartition(LocalSpark.PARTITIONS);
        for (Object[] each : List.of(new Object[] {counting, TestTables.values(ColumnHasher.LONG, 0, PROBE_ROWS)},
                new Object[] {versionTwo, versionTwoValues})) {
            byte[] envelope = (byte[]) each[0];
            @SuppressWarnings("unchecked")
            Dataset<Row> values = (Dataset<Row>) each[1];
            String path = write(envelope, "unmapped-" + envelope.length + ".blmf");
            long mapsBefore = FileProbeCache.maps();
            long readsBefore = FileProbeCache.reads();

            Column file = FilterProbe.mightContainFile(path, col("value"));
            long differing = values.where(not(file.equalTo(FilterProbe.mightContain(envelope, col("value"))))).count();
            long positives = values.where(file).count();

            assertThat(differing).as("rows answered otherwise than the bytes probe").isZero();
            assertThat(positives).isGreaterThan(0);
            assertThat(FileProbeCache.reads() - readsBefore).as("reads onto the heap").isEqualTo(1);
            assertThat(FileProbeCache.maps() - mapsBefore).as("maps").isZero();
        }
    }

    @Test
    void aMissingFileADirectoryAndAFileThatIsNotAFilterAreRefusedNamingThePathBeforeAnyJob() throws Exception {
        String missing = dir.resolve("missing.blmf").toString();
        String garbage = write("not a filter".getBytes(), "garbage.blmf");
        List<Throwable> refusals = JobCounter.refusedBeforeAnyJob(
                () -> FilterProbe.mightContainFile(missing, col("value")),
                () -> FilterProbe.mightContainFile(dir.toString(), col("value")),
                () -> FilterProbe.mightContainFile(garbage, col("value")));

        assertThat(refusals.get(0)).isInstanceOf(FileNotFoundException.class).hasMessageContaining(missing);
        assertThat(refusals.get(1)).isInstanceOf(FileNotFoundException.class).hasMessageContaining(dir.toString());
        assertThat(refusals.get(2)).isInstanceOf(InvalidFilterDataException.class).hasMessageContaining(garbage);
    }

    @Test
    void aColumnOfAnotherTypeAndANonConstantPathAreRefusedWhenTheQueryIsAnalysed() throws Exception {
        String path = write(classic(0), "longs.blmf");
        Dataset<Row> strings = TestTables.values(ColumnHasher.STRING, 0, 10);
        SparkSession spark = LocalSpark.spark();
        List<Throwable> refusals = JobCounter.refusedBeforeAnyJob(
                () -> strings.where(FilterProbe.mightContainFile(path, col("value"))),
                () -> spark.sql("SELECT bloomery_might_contain_file(concat('" + path + "', id), id) FROM range(3)"));

        assertThat(refusals.get(0)).isInstanceOf(AnalysisException.class);
        assertThat(firstLine(refusals.get(0))).contains(path).contains("xxh3:long-le").contains("string");
        assertThat(firstLine(refusals.get(1))).contains("constant string at position 1");
    }

    /** A classic filter of the long values of rows {@code [from, from + BUILD_ROWS)}. */
    private static byte[] classic(long from) {
        return FilterAggregates.build(TestTables.values(ColumnHasher.LONG, from, from + BUILD_ROWS), "value", "classic",
                FilterSpec.of(BUILD_ROWS, FPP)).envelope();
    }

    /** The safe replacement: written beside the served file, then moved over it in one step. */
    private static void replace(Path served, byte[] envelope) throws IOException {
        Path next = served.resolveSibling(served.getFileName() + ".next");
        Files.write(next, envelope);
        Files.move(next, served, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static String write(byte[] envelope, String name) throws IOException {
        return Files.write(dir.resolve(name), envelope).toString();
    }

    private static String firstLine(Throwable t) {
        return t.getMessage().lines().findFirst().orElseThrow();
    }
}
