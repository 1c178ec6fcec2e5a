package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing and reading filters through Hadoop's FileSystem (here its {@code file:} scheme). */
class FilterFilesTest {
    @TempDir
    java.nio.file.Path dir;

    private final Configuration conf = new Configuration();

    private static MembershipFilter<Long> filter() {
        MembershipFilter<Long> filter = Filters.create("classic", FilterSpec.of(10_000, 0.01), KeyHasher.longs());
        for (long i = 0; i < 10_000; i++) {
            filter.add(i * 7);
        }
        return filter;
    }

    @Test
    void bytesWrittenToAPathReadBackAsTheSameFilter() throws IOException {
        MembershipFilter<Long> filter = filter();
        byte[] envelope = FilterBytes.of(filter);
        Path path = new Path(dir.toUri().toString(), "ids.blmf");

        FilterFiles.write(new byte[] {1, 2, 3}, path, conf);
        FilterFiles.write(envelope, path, conf);

        assertThat(Files.readAllBytes(dir.resolve("ids.blmf"))).isEqualTo(envelope);
        assertThat(FilterFiles.readBytes(path, conf)).isEqualTo(envelope);
        MembershipFilter<Long> read = FilterFiles.read(path, conf, KeyHasher.longs());
        assertThat(FilterBytes.of(read)).isEqualTo(envelope);
        assertThat(read.mightContain(70L)).isTrue();
    }

    @Test
    void aFilterWrittenToAPathReadsBack() throws IOException {
        MembershipFilter<Long> filter = filter();
        Path path = new Path(dir.toUri().toString(), "nested/ids.blmf");

        FilterFiles.write(filter, path, conf);

        assertThat(FilterBytes.of(FilterFiles.read(path, conf, KeyHasher.longs()))).isEqualTo(FilterBytes.of(filter));
    }

    @Test
    void aFileThatIsNotAFilterOrWasBuiltWithAnotherHasherIsRefused() throws IOException {
        Path garbage = new Path(dir.toUri().toString(), "garbage");
        FilterFiles.write("not a filter".getBytes(), garbage, conf);
        Path longs = new Path(dir.toUri().toString(), "longs");
        FilterFiles.write(filter(), longs, conf);

        assertThatThrownBy(() -> FilterFiles.read(garbage, conf, KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class);
        assertThatThrownBy(() -> FilterFiles.read(longs, conf, KeyHasher.strings()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("xxh3:long-le");
    }
}
