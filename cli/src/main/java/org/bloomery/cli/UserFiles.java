package org.bloomery.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The files a user names on the command line, opened, checked and written so that every failure
 * is an {@link IOException} whose message names the file and says what is wrong in words.
 */
final class UserFiles {
    /** Attempts at a temporary name nobody else holds before giving up. */
    private static final int TEMPORARY_NAME_ATTEMPTS = 16;

    private UserFiles() {
    }

    /** What a filter file's bytes are written by: {@code MembershipFilter::writeTo}. */
    @FunctionalInterface
    interface Content {
        /**
         * Writes the file's bytes.
         *
         * @param out the stream, closed by the caller
         * @throws IOException if the stream fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Opens a file for reading.
     *
     * @param file the file
     * @return the stream
     * @throws IOException if the file does not exist, is a directory or cannot be opened, saying so
     */
    static InputStream openToRead(Path file) throws IOException {
        // A directory opens on Linux and fails on the first read with "Is a directory" and no path.
        if (Files.isDirectory(file)) {
            throw new IOException("cannot read " + file + ": it is a directory");
        }
        try {
            return Files.newInputStream(file);
        } catch (IOException e) {
            throw new IOException("cannot read " + file + ": " + cause(e), e);
        }
    }

    /**
     * Whether two paths name one existing file, compared as files, not as names: the same path,
     * another spelling of it ({@code ./items.txt}, {@code dir/../items.txt}), a hard link or a
     * symbolic link to it.
     *
     * @param first a path
     * @param second another path
     * @return true if both exist and are the same file
     * @throws IOException if the file system cannot compare them
     */
    static boolean sameFile(Path first, Path second) throws IOException {
        // Files.isSameFile follows symbolic links and compares the files themselves (device and inode), so
        // it finds hard links too, and whatever two real paths would show; a missing file is not one being read.
        return Files.exists(first) && Files.exists(second) && Files.isSameFile(first, second);
    }

    /**
     * Writes a file atomically: into a new temporary file in the same directory, then renamed over
     * the target in one step, so that a reader sees the old file or the whole new one, and a failed
     * write leaves the target as it was. Only a regular file is replaced.
     *
     * @param file the target
     * @param content the bytes
     * @throws IOException if the target is a directory or another non-regular file (a symbolic link,
     *     a device, a pipe), its directory does not exist, or writing fails, saying which
     */
    static void writeAtomically(Path file, Content content) throws IOException {
        String cannot = "cannot write " + file + ": ";
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            BasicFileAttributes target = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (target.isDirectory()) {
                throw new IOException(cannot + "it is a directory");
            }
            if (target.isSymbolicLink()) {
                throw new IOException(cannot + "it is a symbolic link, which would be replaced by the file");
            }
            if (!target.isRegularFile()) {
                throw new IOException(cannot + "it is not a regular file (a device, pipe or socket)");
            }
        }
        Path directory = file.toAbsolutePath().getParent();
        Path named = file.getParent() != null ? file.getParent() : directory;
        if (!Files.exists(directory)) {
            throw new IOException(cannot + "directory " + named + " does not exist");
        }
        if (!Files.isDirectory(directory)) {
            throw new IOException(cannot + named + " is not a directory");
        }
        Path temporary;
        try {
            temporary = createTemporary(directory, file.getFileName().toString());
        } catch (IOException e) {
            throw new IOException(cannot + "cannot create a file in directory " + named + ": "
                    + (e instanceof NoSuchFileException ? "no such file or directory" : cause(e)), e);
        }
        try {
            try (OutputStream out = Files.newOutputStream(temporary)) {
                content.writeTo(out);
            }
            // A rename: it replaces a regular file in one step and fails on a directory that appeared
            // since the check above (a plain move with REPLACE_EXISTING would delete an empty one).
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IOException(cannot + cause(e), e);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** A new empty file beside the target, created with the default permissions a plain file gets. */
    private static Path createTemporary(Path directory, String name) throws IOException {
        for (int attempt = 1; ; attempt++) {
            Path temporary = directory.resolve(name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                    + ".partial");
            try {
                Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return temporary;
            } catch (FileAlreadyExistsException e) {
                if (attempt == TEMPORARY_NAME_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    /**
     * What went wrong with a file, in words, without the path that the message already names.
     *
     * @param e the failure
     * @return e.g. "it does not exist", "permission denied", "no space left on device"
     */
    static String cause(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "it does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            String reason = ((FileSystemException) e).getReason();
            return reason.substring(0, 1).toLowerCase(Locale.ROOT) + reason.substring(1);
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /**
     * A file-system failure that no command worded, as one line naming the file.
     *
     * @param e the failure
     * @return e.g. "cannot use x.blmf: permission denied"
     */
    static String describe(FileSystemException e) {
        return e.getFile() == null ? cause(e) : "cannot use " + e.getFile() + ": " + cause(e);
    }
}
