package org.bloomery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.bloomery.aging.AgingProvider;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.Filters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The module-path case of discovery. The tests run on the class path (like the shaded jars), so this
 * test builds a {@link ModuleLayer} from the api's jar (or classes folder) and those of every filter
 * module whose provider the class path finds, resolves it with {@code resolveAndBind}, and checks that
 * {@code ServiceLoader} over the layer finds the same kinds and that {@code Filters.create}, called
 * inside the layer with the layer's loader as the context class loader, builds working filters.
 */
class ModulePathDiscoveryTest {
    private static List<String> classPathKinds;
    private static ModuleLayer layer;
    private static ClassLoader layerLoader;

    @BeforeAll
    static void buildLayer() throws URISyntaxException {
        classPathKinds = Filters.kinds();
        Set<Path> locations = new LinkedHashSet<>();
        locations.add(location(FilterProvider.class));
        for (FilterProvider provider : Filters.providers()) {
            locations.add(location(provider.getClass()));
        }
        locations.addAll(requiredFromClassPath(locations));
        ModuleFinder finder = ModuleFinder.of(locations.toArray(Path[]::new));
        Configuration configuration = ModuleLayer.boot().configuration()
                .resolveAndBind(finder, ModuleFinder.of(), Set.of("org.bloomery.api"));
        // The platform loader as parent: nothing in the layer can fall back to the class path's copies.
        layer = ModuleLayer.boot().defineModulesWithOneLoader(configuration, ClassLoader.getPlatformClassLoader());
        layerLoader = layer.findLoader("org.bloomery.api");
    }

    static List<String> projectKinds() {
        return Lineup.PROJECT_KINDS;
    }

    /** A module whose provider the class path finds must be found on the module path too. */
    @Test
    void theModulePathFindsEveryKindTheClassPathFinds() throws Exception {
        assumeTrue(!classPathKinds.isEmpty(), "no filter module has a provider yet");
        Class<?> service = layerLoader.loadClass(FilterProvider.class.getName());
        assertThat(service.getModule().getLayer()).isSameAs(layer);
        Set<String> layerKinds = new LinkedHashSet<>();
        for (Object provider : ServiceLoader.load(layer, service)) {
            assertThat(provider.getClass().getModule().isNamed()).isTrue();
            layerKinds.add((String) service.getMethod("kind").invoke(provider));
        }
        assertThat(layerKinds).containsAll(classPathKinds);
    }

    @ParameterizedTest
    @MethodSource("projectKinds")
    void filtersCreateBuildsAWorkingFilterInsideTheLayer(String kind) throws Throwable {
        assumeTrue(classPathKinds.contains(kind), () -> "kind '" + kind + "' has no provider on the class path yet");
        Class<?> filters = layerLoader.loadClass("org.bloomery.api.Filters");
        Class<?> spec = layerLoader.loadClass("org.bloomery.api.FilterSpec");
        Class<?> hasher = layerLoader.loadClass("org.bloomery.api.KeyHasher");
        Class<?> filter = layerLoader.loadClass("org.bloomery.api.MembershipFilter");
        Object oneThousandAtOnePercent = spec.getMethod("of", long.class, double.class).invoke(null, 1_000L, 0.01);
        if (kind.equals(AgingProvider.KIND)) {
            // A sliding window cannot be made without its length.
            oneThousandAtOnePercent = spec.getMethod("withOption", String.class, String.class)
                    .invoke(oneThousandAtOnePercent, "window", "1000");
        }
        // A method handle looks up the one method. (KeyHasher names no Guava type, so getMethod would
        // work too; FunnelKeyHasher, which does, is absent from a layer without Guava.)
        Object strings = MethodHandles.publicLookup().findStatic(hasher, "strings", MethodType.methodType(hasher))
                .invoke();

        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        Object built;
        thread.setContextClassLoader(layerLoader);
        try {
            // The build path serves every kind, static ones (which cannot add afterwards) too.
            built = filters.getMethod("build", String.class, spec, hasher, Iterable.class)
                    .invoke(null, kind, oneThousandAtOnePercent, strings, List.of("present"));
        } finally {
            thread.setContextClassLoader(previous);
        }

        assertThat(built.getClass().getModule().getLayer()).isSameAs(layer);
        assertThat(filter.getMethod("kind").invoke(built)).isEqualTo(kind);
        assertThat(filter.getMethod("mightContain", Object.class).invoke(built, "present")).isEqualTo(true);
    }

    /**
     * The class-path entries of the modules the given modules require (their engine clients, such as
     * Jedis for the Redis kinds), transitively, found by each entry's module name (its descriptor's,
     * or the automatic name of a plain jar). Modules of the JDK and entries without a usable name are
     * left out.
     */
    private static Set<Path> requiredFromClassPath(Set<Path> modules) {
        Map<String, Path> byName = new HashMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            try {
                ModuleFinder.of(path).findAll().forEach(m -> byName.putIfAbsent(m.descriptor().name(), path));
            } catch (FindException e) {
                // Not every jar has a usable module name; the layer needs none of those.
            }
        }
        Set<Path> needed = new LinkedHashSet<>();
        Deque<ModuleDescriptor> todo = new ArrayDeque<>();
        ModuleFinder.of(modules.toArray(Path[]::new)).findAll().forEach(m -> todo.add(m.descriptor()));
        while (!todo.isEmpty()) {
            for (ModuleDescriptor.Requires requires : todo.pop().requires()) {
                Path path = byName.get(requires.name());
                boolean optional = requires.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC);
                if (path != null && !optional && !modules.contains(path) && needed.add(path)) {
                    ModuleFinder.of(path).findAll().forEach(m -> todo.add(m.descriptor()));
                }
            }
        }
        return needed;
    }

    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
